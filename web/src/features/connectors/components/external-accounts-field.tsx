import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import { Controller, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { AgentConnectorChoice } from '@server/modules/connectors/replies/connectors';
import type { AccountConnectorForm } from './account-connector-form';

/** The ad accounts the connection sees, as checkboxes; one already linked to another account is shown, not offered. */
export function ExternalAccountsField({
  control,
  agent,
  editingId,
  label,
}: {
  control: Control<AccountConnectorForm>;
  agent: AgentConnectorChoice | undefined;
  editingId: number | undefined;
  label: string;
}) {
  const { t } = useTranslation();
  return (
    <Controller
      control={control}
      name="ExternalAccountIds"
      render={({ field, fieldState }) => (
        <div data-testid="external-accounts">
          <Typography variant="body2" color="text.secondary">
            {label}
          </Typography>
          {!agent?.ExternalAccounts.length && <Typography variant="body2">{t('connectors.noAccountsSeen')}</Typography>}
          {agent?.ExternalAccounts.map((e) => {
            // An ad account reports to one account at a time: one another link holds is shown, not offered.
            const elsewhere = e.LinkedTo !== null && e.LinkedTo.AccountConnectorId !== editingId;
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
                  <Typography component="span" variant="caption" color="text.secondary" data-testid="linked-elsewhere">
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
  );
}
