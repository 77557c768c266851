import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/ui/form-dialog';
import { CURRENCY_SIGNS } from '../../../lib/format';
import { validateAccount, type AccountErrors, type AccountForm } from './account-form';

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
  const [form, setForm] = useState<AccountForm>(initial);
  const [errors, setErrors] = useState<AccountErrors>({});
  const [applyToSubs, setApplyToSubs] = useState(false);
  const editing = initial.ID > 0;
  const isMain = initial.ParentId === null;

  const set = <K extends keyof AccountForm>(key: K, value: AccountForm[K]) => {
    const next = { ...form, [key]: value };
    setForm(next);
    if (errors[key]) setErrors(validateAccount(next));
  };
  const helper = (key: keyof AccountForm) => (errors[key] ? t(errors[key] as string) : ' ');

  const submit = () => {
    const found = validateAccount(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return undefined;
    return onSave(form, editing && isMain && applyToSubs);
  };

  const title = t(`accounts.dialog.${editing ? 'edit' : 'create'}${isMain ? '' : 'Sub'}`);
  return (
    <FormDialog id="account-dialog" title={title} maxWidth="sm" onSubmit={submit} onClose={onClose}>
      <Grid container spacing={2} sx={{ pt: 1 }}>
        <Grid size={12}>
          <TextField fullWidth required autoFocus name="Name" label={t('accounts.fields.Name')} value={form.Name}
            onChange={(e) => set('Name', e.target.value)} onBlur={() => setErrors(validateAccount(form))}
            error={!!errors.Name} helperText={helper('Name')} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField select fullWidth name="Currency" label={t('accounts.fields.Currency')} value={form.Currency}
            onChange={(e) => set('Currency', Number(e.target.value) as 1 | 2)} helperText=" ">
            {[2, 1].map((c) => <MenuItem key={c} value={c}>{`${CURRENCY_SIGNS[c]} ${t(`accounts.currency.${c}`)}`}</MenuItem>)}
          </TextField>
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField fullWidth name="ManagementFeePct" label={t('accounts.fields.ManagementFeePct')} value={form.ManagementFeePct}
            onChange={(e) => set('ManagementFeePct', e.target.value)} onBlur={() => setErrors(validateAccount(form))}
            error={!!errors.ManagementFeePct} helperText={helper('ManagementFeePct')}
            slotProps={{ htmlInput: { inputMode: 'decimal', dir: 'ltr' }, input: { endAdornment: <InputAdornment position="end">%</InputAdornment> } }} />
        </Grid>
        {TEXT_FIELDS.map((key) => (
          <Grid key={key} size={{ xs: 12, sm: 6 }}>
            <TextField fullWidth name={key} label={t(`accounts.fields.${key}`)} value={form[key]}
              type={key === 'ContactEmail' ? 'email' : key === 'Phone' ? 'tel' : key === 'Website' ? 'url' : 'text'}
              onChange={(e) => set(key, e.target.value)} onBlur={() => setErrors(validateAccount(form))}
              error={!!errors[key]} helperText={helper(key)}
              slotProps={key === 'ContactName' ? undefined : { htmlInput: { dir: 'ltr' } }} />
          </Grid>
        ))}
        <Grid size={12}>
          <FormControlLabel control={<Switch name="ApplyVat" checked={form.ApplyVat} onChange={(e) => set('ApplyVat', e.target.checked)} />}
            label={t('accounts.fields.ApplyVat')} />
          {editing && isMain && (
            <FormControlLabel control={<Checkbox name="applayVATToSubAccounts" checked={applyToSubs} onChange={(e) => setApplyToSubs(e.target.checked)} />}
              label={t('accounts.fields.applayVATToSubAccounts')} />
          )}
        </Grid>
      </Grid>
    </FormDialog>
  );
}
