import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import { useCallback } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { agentConnectorInput } from '@server/modules/connectors/schemas/connectors';
import type { CredentialFieldName } from '@server/shared/connectors';
import { FormDialog } from '../../../components/ui/form-dialog';
import { FormTextField } from '../../../lib/forms/form-text-field';
import type { RouteForm } from '../../../lib/forms/route-form';
import { useRouteForm } from '../../../lib/forms/use-route-form';
import type { AgentConnector, AgentConnectorPayload, GlobalConnector } from '../api/connectors-api';

/** The dialog's fields: credentials are typed fresh each time (write-only); an empty one keeps what is stored. */
export interface AgentConnectorForm {
  ID: number;
  ConnectorId: string;
  Name: string;
  Credentials: Partial<Record<CredentialFieldName, string>>;
  version?: number;
}

export const toAgentPayload = (f: AgentConnectorForm): AgentConnectorPayload => {
  const Credentials: Partial<Record<CredentialFieldName, string>> = {};
  for (const [k, v] of Object.entries(f.Credentials)) if (v) Credentials[k as CredentialFieldName] = v;
  return {
    ID: f.ID,
    ConnectorId: Number(f.ConnectorId),
    Name: f.Name.trim(),
    Credentials,
    ...(f.ID > 0 ? { version: f.version } : {}),
  };
};

const AGENT_FORM: RouteForm<AgentConnectorForm, typeof agentConnectorInput> = {
  schema: agentConnectorInput,
  toInput: toAgentPayload,
  inputKey: 'agentConnector',
};

export interface AgentConnectorDialogProps {
  editing: AgentConnector | null;
  connectors: GlobalConnector[];
  onSave: (payload: AgentConnectorPayload) => Promise<void>;
  onClose: () => void;
}

/**
 * Create or edit a connection. The credential fields are the chosen connector's; they never show a
 * stored value: a stored field reads "set" and stays as it is unless something new is typed.
 */
export function AgentConnectorDialog({ editing, connectors, onSave, onClose }: AgentConnectorDialogProps) {
  const { t } = useTranslation();
  const labelOf = useCallback(
    (field: string) => {
      const name = field.replace(/^Credentials\./, '');
      return field.startsWith('Credentials.') ? t(`connectors.credentials.${name}`) : t(`connectors.fields.${name}`);
    },
    [t],
  );
  const initial: AgentConnectorForm = editing
    ? {
        ID: editing.ID,
        ConnectorId: String(editing.ConnectorId),
        Name: editing.Name,
        Credentials: {},
        version: editing.version,
      }
    : { ID: 0, ConnectorId: String(connectors[0]?.ID ?? ''), Name: '', Credentials: {} };
  const { control, submitWith } = useRouteForm(AGENT_FORM, { defaultValues: initial, labelOf });
  const connectorId = useWatch({ control, name: 'ConnectorId' });
  const connector = connectors.find((c) => String(c.ID) === connectorId);
  const submit = submitWith(async (form) => onSave(toAgentPayload(form)));
  return (
    <FormDialog
      id="agent-connector-dialog"
      title={t(editing ? 'connectors.dialog.edit' : 'connectors.dialog.create')}
      maxWidth="sm"
      onSubmit={submit}
      onClose={onClose}
    >
      <Grid container spacing={2} sx={{ pt: 1 }}>
        <Grid size={12}>
          <FormTextField
            control={control}
            select
            fullWidth
            name="ConnectorId"
            label={labelOf('ConnectorId')}
            disabled={!!editing}
          >
            {connectors.map((c) => (
              <MenuItem key={c.ID} value={String(c.ID)}>
                {c.Name}
              </MenuItem>
            ))}
          </FormTextField>
        </Grid>
        <Grid size={12}>
          <FormTextField control={control} fullWidth required autoFocus name="Name" label={labelOf('Name')} />
        </Grid>
        {connector?.CredentialFields.map((f) => {
          const isSet = !!editing?.CredentialsSet.includes(f.Name);
          return (
            <Grid size={12} key={f.Name}>
              <FormTextField
                control={control}
                fullWidth
                name={`Credentials.${f.Name}`}
                label={labelOf(`Credentials.${f.Name}`)}
                required={f.Required && !isSet}
                type="password"
                autoComplete="new-password"
                placeholder={isSet ? t('connectors.credentialSet') : ''}
                helperText={isSet ? t('connectors.credentialKeep') : undefined}
                slotProps={{ htmlInput: { dir: 'ltr', 'data-testid': `credential-${f.Name}` } }}
              />
            </Grid>
          );
        })}
      </Grid>
    </FormDialog>
  );
}
