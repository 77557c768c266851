import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import { useCallback, useState } from 'react';
import { Controller, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { accountInput } from '@server/modules/accounts/schemas';
import { FormDialog } from '../../../components/ui/form-dialog';
import { CURRENCY_SIGNS } from '../../../lib/format';
import { FormNumberField } from '../../../lib/forms/form-number-field';
import { FormTextField } from '../../../lib/forms/form-text-field';
import type { RouteForm } from '../../../lib/forms/route-form';
import { useRouteForm } from '../../../lib/forms/use-route-form';
import { toPayload, type AccountForm } from './account-form';

/** The dialog is checked by the route's own schema (SaveAccount's `account`), over the payload the screen sends. */
export const ACCOUNT_FORM: RouteForm<AccountForm, typeof accountInput> = {
  schema: accountInput,
  toInput: toPayload,
  inputKey: 'account',
  codeFields: { ACCOUNT_NAME_TAKEN: 'Name' },
};

export interface AccountDialogProps {
  initial: AccountForm;
  /** Resolves when saved (the dialog closes); rejects to keep it open. */
  onSave: (form: AccountForm, applyVatToSubAccounts: boolean) => Promise<void>;
  onClose: () => void;
}

const TEXT_FIELDS = ['ContactName', 'ContactEmail', 'Phone', 'Website'] as const;

/** Create or edit an account or sub-account, with field validation and "apply VAT to sub-accounts". */
export function AccountDialog({ initial, onSave, onClose }: AccountDialogProps) {
  const { t } = useTranslation();
  const labelOf = useCallback((field: string) => t(`accounts.fields.${field}`), [t]);
  const { control, submitWith } = useRouteForm(ACCOUNT_FORM, { defaultValues: initial, labelOf });
  const [applyToSubs, setApplyToSubs] = useState(false);
  const editing = initial.ID > 0;
  const isMain = initial.ParentId === null;

  const title = t(`accounts.dialog.${editing ? 'edit' : 'create'}${isMain ? '' : 'Sub'}`);
  return (
    <FormDialog
      id="account-dialog"
      title={title}
      maxWidth="sm"
      onSubmit={submitWith((form) => onSave(form, editing && isMain && applyToSubs))}
      onClose={onClose}
    >
      <Grid container spacing={2} sx={{ pt: 1 }}>
        <Grid size={12}>
          <FormTextField control={control} fullWidth required autoFocus name="Name" label={labelOf('Name')} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField control={control} select fullWidth name="Currency" label={labelOf('Currency')} parse={Number}>
            {[2, 1].map((c) => (
              <MenuItem key={c} value={c}>{`${CURRENCY_SIGNS[c]} ${t(`accounts.currency.${c}`)}`}</MenuItem>
            ))}
          </FormTextField>
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormNumberField
            control={control}
            fullWidth
            name="ManagementFeePct"
            label={labelOf('ManagementFeePct')}
            helperText={!isMain && !editing ? t('accounts.feeFromMain') : undefined}
            slotProps={{
              htmlInput: { inputMode: 'decimal', dir: 'ltr' },
              input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
            }}
          />
        </Grid>
        {TEXT_FIELDS.map((key) => (
          <Grid key={key} size={{ xs: 12, sm: 6 }}>
            <FormTextField
              control={control}
              fullWidth
              name={key}
              label={labelOf(key)}
              type={key === 'ContactEmail' ? 'email' : key === 'Phone' ? 'tel' : key === 'Website' ? 'url' : 'text'}
              slotProps={key === 'ContactName' ? undefined : { htmlInput: { dir: 'ltr' } }}
            />
          </Grid>
        ))}
        <Grid size={12}>
          <VatFields
            control={control}
            labelOf={labelOf}
            showApplyToSubs={editing && isMain}
            applyToSubs={applyToSubs}
            onApplyToSubs={setApplyToSubs}
          />
        </Grid>
      </Grid>
    </FormDialog>
  );
}

/** VAT on the account, and on a main account's edit whether its sub-accounts take the same. */
function VatFields({
  control,
  labelOf,
  showApplyToSubs,
  applyToSubs,
  onApplyToSubs,
}: {
  control: Control<AccountForm>;
  labelOf: (field: string) => string;
  showApplyToSubs: boolean;
  applyToSubs: boolean;
  onApplyToSubs: (on: boolean) => void;
}) {
  return (
    <>
      <Controller
        control={control}
        name="ApplyVat"
        render={({ field }) => (
          <FormControlLabel
            control={
              <Switch name="ApplyVat" checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />
            }
            label={labelOf('ApplyVat')}
          />
        )}
      />
      {showApplyToSubs && (
        <FormControlLabel
          control={
            <Checkbox
              name="applayVATToSubAccounts"
              checked={applyToSubs}
              onChange={(e) => onApplyToSubs(e.target.checked)}
            />
          }
          label={labelOf('applayVATToSubAccounts')}
        />
      )}
    </>
  );
}
