import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/ui/form-dialog';
import { validateRate, type RateErrors, type RateForm } from './rate-form';

/** Add a rate, or change the rate of an existing Date/From/To (the key itself stays). */
export function RateDialog({ initial, onSave, onClose }: { initial: RateForm; onSave: (f: RateForm) => Promise<void>; onClose: () => void }) {
  const { t } = useTranslation();
  const [form, setForm] = useState<RateForm>(initial);
  const [errors, setErrors] = useState<RateErrors>({});
  const editing = !!initial.version;

  const set = (k: keyof RateForm, v: string) => {
    const next = { ...form, [k]: k === 'From' || k === 'To' ? v.toUpperCase() : v };
    setForm(next);
    if (Object.keys(errors).length) setErrors(validateRate(next));
  };
  const helper = (k: keyof RateForm) => (errors[k] ? t(errors[k] as string) : ' ');

  const submit = () => {
    const found = validateRate(form);
    setErrors(found);
    if (Object.keys(found).length) return undefined;
    return onSave(form);
  };

  const code = (k: 'From' | 'To') => (
    <TextField fullWidth required name={k} label={t(`exchangeRates.fields.${k}`)} value={form[k]} disabled={editing}
      onChange={(e) => set(k, e.target.value)} error={!!errors[k]} helperText={helper(k)}
      slotProps={{ htmlInput: { maxLength: 3, dir: 'ltr', autoCapitalize: 'characters', spellCheck: false } }} />
  );

  return (
    <FormDialog id="rate-dialog" title={t(editing ? 'exchangeRates.dialog.edit' : 'exchangeRates.dialog.create')} maxWidth="xs" onSubmit={submit} onClose={onClose}>
      <Grid container spacing={2} sx={{ pt: 1 }}>
        <Grid size={12}>
          <TextField fullWidth required type="date" name="Date" label={t('exchangeRates.fields.Date')} value={form.Date} disabled={editing}
            onChange={(e) => set('Date', e.target.value)} error={!!errors.Date} helperText={helper('Date')} slotProps={{ inputLabel: { shrink: true } }} />
        </Grid>
        <Grid size={6}>{code('From')}</Grid>
        <Grid size={6}>{code('To')}</Grid>
        <Grid size={12}>
          <TextField fullWidth required autoFocus name="Rate" label={t('exchangeRates.fields.Rate')} value={form.Rate}
            onChange={(e) => set('Rate', e.target.value)} error={!!errors.Rate}
            helperText={errors.Rate ? t(errors.Rate) : t('exchangeRates.rateHint', { from: form.From || '…', to: form.To || '…' })}
            slotProps={{ htmlInput: { inputMode: 'decimal', dir: 'ltr' } }} />
        </Grid>
      </Grid>
    </FormDialog>
  );
}
