import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { activityInput } from '@server/modules/activities/schemas';
import { FormDialog } from '../../../components/ui/form-dialog';
import { CURRENCY_SIGNS } from '../../../lib/format';
import { FormNumberField } from '../../../lib/forms/form-number-field';
import { FormTextField } from '../../../lib/forms/form-text-field';
import { FormDateField } from '../../../lib/forms/form-date-field';
import type { RouteForm } from '../../../lib/forms/route-form';
import { useRouteForm } from '../../../lib/forms/use-route-form';
import { activityQueries } from '../api/activities-queries';
import { toPayload, type ActivityForm } from './activity-form';

/** Labels kept elsewhere than activities.fields.<field>. */
const LABELS: Record<string, string> = { Name: 'accounts.fields.Name', SubAccountId: 'activities.fields.SubAccount' };

/** The dialog is checked by the route's own schema (SaveActivity's `activity`), over the payload the screen sends. */
export const ACTIVITY_FORM: RouteForm<ActivityForm, typeof activityInput> = {
  schema: activityInput,
  toInput: toPayload,
  inputKey: 'activity',
};

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
  const labelOf = useCallback((field: string) => t(LABELS[field] ?? `activities.fields.${field}`), [t]);
  const { control, submitWith } = useRouteForm(ACTIVITY_FORM, { defaultValues: initial, labelOf });
  const [startDate, endDate] = useWatch({ control, name: ['StartDate', 'EndDate'] });

  return (
    <FormDialog
      id="activity-dialog"
      title={t(initial.ID > 0 ? 'activities.dialog.edit' : 'activities.dialog.create')}
      maxWidth="sm"
      onSubmit={submitWith(onSave)}
      onClose={onClose}
    >
      <Grid container spacing={2} sx={{ pt: 1 }}>
        <Grid size={12}>
          <FormTextField control={control} fullWidth required autoFocus name="Name" label={labelOf('Name')} />
        </Grid>
        <Grid size={12}>
          <FormTextField
            control={control}
            fullWidth
            multiline
            minRows={2}
            name="Objective"
            label={labelOf('Objective')}
          />
        </Grid>
        {mainAccountName !== null && (
          <Grid size={12}>
            <SubAccountPicker
              control={control}
              label={labelOf('SubAccountId')}
              accountId={initial.AccountId}
              mainAccountName={mainAccountName}
            />
          </Grid>
        )}
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormDateField
            control={control}
            fullWidth
            required
            name="StartDate"
            label={labelOf('StartDate')}
            max={endDate || undefined}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormDateField
            control={control}
            fullWidth
            required
            name="EndDate"
            label={labelOf('EndDate')}
            min={startDate || undefined}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormNumberField
            control={control}
            fullWidth
            required
            name="Budget"
            label={labelOf('Budget')}
            helperText={t('activities.budgetHint')}
            slotProps={{
              htmlInput: { inputMode: 'decimal', dir: 'ltr' },
              input:
                currency && CURRENCY_SIGNS[currency]
                  ? { startAdornment: <InputAdornment position="start">{CURRENCY_SIGNS[currency]}</InputAdornment> }
                  : undefined,
            }}
          />
        </Grid>
      </Grid>
    </FormDialog>
  );
}

/** The main account itself or one of its sub-accounts; the activity's own stays listed if the list lacks it. */
function SubAccountPicker({
  control,
  label,
  accountId,
  mainAccountName,
}: {
  control: Control<ActivityForm>;
  label: string;
  accountId: ActivityForm['AccountId'];
  mainAccountName: string;
}) {
  const { t } = useTranslation();
  const subs = useQuery(activityQueries.subAccounts(accountId));
  const subAccountId = useWatch({ control, name: 'SubAccountId' });
  const subOptions = subs.data ?? [];
  const currentMissing = subAccountId !== '' && !subOptions.some((s) => String(s.ID) === subAccountId);
  return (
    <FormTextField
      control={control}
      select
      fullWidth
      name="SubAccountId"
      label={label}
      disabled={subs.isFetching}
      helperText={subs.isFetching ? t('common.loading') : ' '}
    >
      <MenuItem value="">{t('activities.mainAccountItself', { name: mainAccountName })}</MenuItem>
      {currentMissing && <MenuItem value={subAccountId}>{`#${subAccountId}`}</MenuItem>}
      {subOptions.map((s) => (
        <MenuItem key={s.ID} value={String(s.ID)}>
          {s.Name}
        </MenuItem>
      ))}
    </FormTextField>
  );
}
