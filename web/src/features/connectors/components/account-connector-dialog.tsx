import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useCallback } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { accountConnectorInput } from '@server/schemas/connectors';
import type { AgentConnectorChoice } from '@server/shared/replies/connectors';
import { FormDialog } from '../../../components/ui/form-dialog';
import { FormTextField } from '../../../lib/forms/form-text-field';
import type { RouteForm } from '../../../lib/forms/route-form';
import { useRouteForm } from '../../../lib/forms/use-route-form';
import type { AccountConnector, AccountConnectorPayload } from '../api/connectors-api';
import { NamingRulePreviewPanel } from './naming-rule-preview';

export interface AccountConnectorForm {
  ID: number;
  AccountId: number;
  AgentConnectorId: string;
  ExternalAccountIds: string[];
  /** csv_upload: the ad account ids as typed, separated by commas or spaces. */
  TypedIds: string;
  NamingRule: string;
  version?: number;
}

export const toLinkPayload = (f: AccountConnectorForm, csv: boolean): AccountConnectorPayload => ({
  ID: f.ID,
  AccountId: f.AccountId,
  AgentConnectorId: Number(f.AgentConnectorId),
  ExternalAccountIds: csv ? f.TypedIds.split(/[\s,;]+/).filter(Boolean) : f.ExternalAccountIds,
  // A CSV connection's campaigns are mapped by hand: the sync that evaluates naming rules never runs for it.
  NamingRule: csv ? '' : f.NamingRule,
  ...(f.ID > 0 ? { version: f.version } : {}),
});

export interface AccountConnectorDialogProps {
  accountId: number;
  editing: AccountConnector | null;
  agents: AgentConnectorChoice[];
  onSave: (payload: AccountConnectorPayload) => Promise<void>;
  onClose: () => void;
}

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
  const initial: AccountConnectorForm = editing
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
            <Controller
              control={control}
              name="ExternalAccountIds"
              render={({ field, fieldState }) => (
                <div data-testid="external-accounts">
                  <Typography variant="body2" color="text.secondary">
                    {labelOf('ExternalAccountIds')}
                  </Typography>
                  {!agent?.ExternalAccounts.length && (
                    <Typography variant="body2">{t('connectors.noAccountsSeen')}</Typography>
                  )}
                  {agent?.ExternalAccounts.map((e) => {
                    // An ad account reports to one account at a time: one another link holds is shown, not offered.
                    const elsewhere = e.LinkedTo !== null && e.LinkedTo.AccountConnectorId !== editing?.ID;
                    return (
                      <div key={e.ExternalAccountId}>
                        <FormControlLabel
                          disabled={elsewhere}
                          label={
                            <span>
                              <bdi dir="ltr">{e.ExternalAccountId}</bdi>
                              {e.Name ? ` — ${e.Name}` : ''}
                            </span>
                          }
                          control={
                            <Checkbox
                              checked={field.value.includes(e.ExternalAccountId)}
                              onChange={(_, on) =>
                                field.onChange(
                                  on
                                    ? [...field.value, e.ExternalAccountId]
                                    : field.value.filter((x) => x !== e.ExternalAccountId),
                                )
                              }
                            />
                          }
                        />
                        {elsewhere && (
                          <Typography
                            component="span"
                            variant="caption"
                            color="text.secondary"
                            data-testid="linked-elsewhere"
                          >
                            {e.LinkedTo?.AccountName
                              ? t('connectors.linkedTo', { account: e.LinkedTo.AccountName })
                              : t('connectors.linkedToHidden')}
                          </Typography>
                        )}
                      </div>
                    );
                  })}
                  {fieldState.error && (
                    <Typography variant="caption" color="error">
                      {fieldState.error.message}
                    </Typography>
                  )}
                </div>
              )}
            />
          )}
        </Grid>
        <Grid size={12}>
          {agent?.ConnectorType === 'csv_upload' ? (
            <Typography variant="body2" color="text.secondary">
              {t('connectors.csvNoNamingRule')}
            </Typography>
          ) : (
            <>
              <FormTextField
                control={control}
                fullWidth
                name="NamingRule"
                label={labelOf('NamingRule')}
                helperText={t('connectors.namingRuleHint')}
                slotProps={{ htmlInput: { dir: 'ltr', spellCheck: false, style: { fontFamily: 'monospace' } } }}
              />
              <NamingRulePreviewPanel accountId={accountId} link={() => toLinkPayload(getValues(), false)} />
            </>
          )}
        </Grid>
      </Grid>
    </FormDialog>
  );
}
