import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useCallback, type ReactNode } from 'react';
import { useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { accountConnectorInput } from '@server/modules/connectors/schemas/connectors';
import type { AgentConnectorChoice } from '@server/modules/connectors/replies/connectors';
import { FormDialog } from '../../../components/ui/form-dialog';
import { FormTextField } from '../../../lib/forms/form-text-field';
import type { RouteForm } from '../../../lib/forms/route-form';
import { useRouteForm } from '../../../lib/forms/use-route-form';
import type { AccountConnector, AccountConnectorPayload } from '../api/connectors-api';
import { toLinkPayload, type AccountConnectorForm } from './account-connector-form';
import { ExternalAccountsField } from './external-accounts-field';
import { NamingRulePreviewPanel } from './naming-rule-preview';

export interface AccountConnectorDialogProps {
  accountId: number;
  editing: AccountConnector | null;
  agents: AgentConnectorChoice[];
  onSave: (payload: AccountConnectorPayload) => Promise<void>;
  onClose: () => void;
}

/** The form of a link being changed, or of a new one (the first connection chosen). */
const linkFormOf = (
  editing: AccountConnector | null,
  accountId: number,
  agents: AgentConnectorChoice[],
): AccountConnectorForm =>
  editing
    ? {
        ID: editing.ID,
        AccountId: editing.AccountId,
        AgentConnectorId: String(editing.AgentConnectorId),
        ExternalAccountIds: editing.ExternalAccountIds,
        TypedIds: editing.ExternalAccountIds.join(', '),
        NamingRule: editing.NamingRule,
        version: editing.version,
      }
    : {
        ID: 0,
        AccountId: accountId,
        AgentConnectorId: String(agents[0]?.ID ?? ''),
        ExternalAccountIds: [],
        TypedIds: '',
        NamingRule: '',
      };

/** Link the account to ad accounts of one connection (those it sees), with an optional naming rule. */
export function AccountConnectorDialog({ accountId, editing, agents, onSave, onClose }: AccountConnectorDialogProps) {
  const { t } = useTranslation();
  const labelOf = useCallback(
    (field: string) => t(`connectors.fields.${field === 'TypedIds' ? 'ExternalAccountIds' : field}`),
    [t],
  );
  const csvOf = (id: string) => agents.find((a) => String(a.ID) === id)?.ConnectorType === 'csv_upload';
  const form: RouteForm<AccountConnectorForm, typeof accountConnectorInput> = {
    schema: accountConnectorInput,
    inputKey: 'accountConnector',
    toInput: (f) => toLinkPayload(f, csvOf(f.AgentConnectorId)),
    fieldOf: (path) => (path.startsWith('ExternalAccountIds') ? 'ExternalAccountIds' : path),
  };
  const initial = linkFormOf(editing, accountId, agents);
  const { control, submitWith, getValues } = useRouteForm(form, { defaultValues: initial, labelOf });
  const agentId = useWatch({ control, name: 'AgentConnectorId' });
  const agent = agents.find((a) => String(a.ID) === agentId);
  const submit = submitWith(async (f) => onSave(toLinkPayload(f, csvOf(f.AgentConnectorId))));
  return (
    <FormDialog
      id="account-connector-dialog"
      title={t(editing ? 'connectors.linkDialog.edit' : 'connectors.linkDialog.create')}
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
            name="AgentConnectorId"
            label={labelOf('AgentConnectorId')}
            disabled={!!editing}
          >
            {agents.map((a) => (
              <MenuItem key={a.ID} value={String(a.ID)}>
                {a.Name}
              </MenuItem>
            ))}
          </FormTextField>
        </Grid>
        <Grid size={12}>
          {agent?.ConnectorType === 'csv_upload' ? (
            <FormTextField
              control={control}
              fullWidth
              name="TypedIds"
              label={labelOf('TypedIds')}
              slotProps={{ htmlInput: { dir: 'ltr' } }}
            />
          ) : (
            <ExternalAccountsField
              control={control}
              agent={agent}
              editingId={editing?.ID}
              label={labelOf('ExternalAccountIds')}
            />
          )}
        </Grid>
        <Grid size={12}>
          <NamingRuleField
            control={control}
            csv={agent?.ConnectorType === 'csv_upload'}
            label={labelOf('NamingRule')}
            preview={<NamingRulePreviewPanel accountId={accountId} link={() => toLinkPayload(getValues(), false)} />}
          />
        </Grid>
      </Grid>
    </FormDialog>
  );
}

/** The naming rule and its preview; a CSV connection has none (its campaigns are mapped by hand). */
function NamingRuleField({
  control,
  csv,
  label,
  preview,
}: {
  control: Control<AccountConnectorForm>;
  csv: boolean;
  label: string;
  preview: ReactNode;
}) {
  const { t } = useTranslation();
  return csv ? (
    <Typography variant="body2" color="text.secondary">
      {t('connectors.csvNoNamingRule')}
    </Typography>
  ) : (
    <>
      <FormTextField
        control={control}
        fullWidth
        name="NamingRule"
        label={label}
        helperText={t('connectors.namingRuleHint')}
        slotProps={{ htmlInput: { dir: 'ltr', spellCheck: false, style: { fontFamily: 'monospace' } } }}
      />
      {preview}
    </>
  );
}
