import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/ui/form-dialog';
import { CURRENCY_SIGNS } from '../../../lib/format';
import { activityQueries } from '../api/activities-queries';
import { validateActivity, type ActivityErrors, type ActivityForm } from './activity-form';

export interface ActivityDialogProps {
  initial: ActivityForm;
  /** The main account's name: the picker's "no sub-account" entry. null: the sub-account is fixed (a sub-account's page). */
  mainAccountName: string | null;
  currency?: number;
  /** Resolves when saved (the dialog closes); rejects to keep it open. */
  onSave: (form: ActivityForm) => Promise<void>;
  onClose: () => void;
}

/** Create or edit an activity: name, objective, sub-account, dates (End ≥ Start) and budget. */
export function ActivityDialog({ initial, mainAccountName, currency, onSave, onClose }: ActivityDialogProps) {
  const { t } = useTranslation();
  const [form, setForm] = useState<ActivityForm>(initial);
  const [errors, setErrors] = useState<ActivityErrors>({});
  const picker = mainAccountName !== null;
  const subs = useQuery({ ...activityQueries.subAccounts(initial.AccountId), enabled: picker });

  const set = <K extends keyof ActivityForm>(key: K, value: ActivityForm[K]) => {
    const next = { ...form, [key]: value };
    setForm(next);
    if (Object.keys(errors).length) setErrors(validateActivity(next));
  };
  const helper = (key: keyof ActivityForm, fallback = ' ') => (errors[key] ? t(errors[key] as string) : fallback);
  const blur = () => setErrors(validateActivity(form));

  const submit = () => {
    const found = validateActivity(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return undefined;
    return onSave(form);
  };

  const subOptions = subs.data ?? [];
  const currentMissing = form.SubAccountId !== '' && !subOptions.some((s) => String(s.ID) === form.SubAccountId);
  const dateSlots = { inputLabel: { shrink: true } };

  return (
    <FormDialog id="activity-dialog" title={t(initial.ID > 0 ? 'activities.dialog.edit' : 'activities.dialog.create')} maxWidth="sm" onSubmit={submit} onClose={onClose}>
      <Grid container spacing={2} sx={{ pt: 1 }}>
        <Grid size={12}>
          <TextField fullWidth required autoFocus name="Name" label={t('accounts.fields.Name')} value={form.Name}
            onChange={(e) => set('Name', e.target.value)} onBlur={blur} error={!!errors.Name} helperText={helper('Name')} />
        </Grid>
        <Grid size={12}>
          <TextField fullWidth multiline minRows={2} name="Objective" label={t('activities.fields.Objective')} value={form.Objective}
            onChange={(e) => set('Objective', e.target.value)} onBlur={blur} error={!!errors.Objective} helperText={helper('Objective')} />
        </Grid>
        {picker && (
          <Grid size={12}>
            <TextField select fullWidth name="SubAccountId" label={t('activities.fields.SubAccount')} value={form.SubAccountId}
              onChange={(e) => set('SubAccountId', e.target.value)} disabled={subs.isFetching}
              helperText={subs.isFetching ? t('common.loading') : ' '}>
              <MenuItem value="">{t('activities.mainAccountItself', { name: mainAccountName })}</MenuItem>
              {currentMissing && <MenuItem value={form.SubAccountId}>{`#${form.SubAccountId}`}</MenuItem>}
              {subOptions.map((s) => <MenuItem key={s.ID} value={String(s.ID)}>{s.Name}</MenuItem>)}
            </TextField>
          </Grid>
        )}
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField fullWidth required type="date" name="StartDate" label={t('activities.fields.StartDate')} value={form.StartDate}
            onChange={(e) => set('StartDate', e.target.value)} onBlur={blur} error={!!errors.StartDate} helperText={helper('StartDate')}
            slotProps={{ ...dateSlots, htmlInput: { max: form.EndDate || undefined } }} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField fullWidth required type="date" name="EndDate" label={t('activities.fields.EndDate')} value={form.EndDate}
            onChange={(e) => set('EndDate', e.target.value)} onBlur={blur} error={!!errors.EndDate} helperText={helper('EndDate')}
            slotProps={{ ...dateSlots, htmlInput: { min: form.StartDate || undefined } }} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField fullWidth required name="Budget" label={t('activities.fields.Budget')} value={form.Budget}
            onChange={(e) => set('Budget', e.target.value)} onBlur={blur} error={!!errors.Budget} helperText={helper('Budget', t('activities.budgetHint'))}
            slotProps={{
              htmlInput: { inputMode: 'decimal', dir: 'ltr' },
              input: currency && CURRENCY_SIGNS[currency] ? { startAdornment: <InputAdornment position="start">{CURRENCY_SIGNS[currency]}</InputAdornment> } : undefined,
            }} />
        </Grid>
      </Grid>
    </FormDialog>
  );
}
