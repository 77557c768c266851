import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { reportScheduleInput } from '@server/schemas/report-schedules';
import { FormDialog } from '../../../components/ui/form-dialog';
import { useApiError } from '../../../components/ui/use-api-error';
import { useSession } from '../../../lib/auth';
import { ACCESS, isAllowed } from '../../../lib/authorization';
import { useLocaleAndDirection } from '../../../lib/display/use-locale';
import { FormTextField } from '../../../lib/forms/form-text-field';
import type { RouteForm } from '../../../lib/forms/route-form';
import { useRouteForm } from '../../../lib/forms/use-route-form';
import { companyUsersQuery, saveSchedule, SCHEDULE_READS, type ReportScheduleView } from '../api/schedules-api';
import type { ReportFilters } from './report-filters';
import {
  defaultName,
  defaultNameOf,
  FIELD_KEYS,
  OUTSIDE_STATE_KEYS,
  formFromReport,
  FREQUENCIES,
  FREQUENCY_KEYS,
  LANGUAGE_KEYS,
  LANGUAGES,
  PERIOD_KEYS,
  PERIODS,
  recipientsOf,
  toInput,
  weekdayName,
  type ScheduleForm,
} from './schedule-form';

/** Checked by the route's own schema (SaveReportSchedule's `schedule`); a 400 on `schedule.Recipients.<i>` lands on that chip. */
export const SCHEDULE_FORM: RouteForm<ScheduleForm, typeof reportScheduleInput> = {
  schema: reportScheduleInput,
  toInput,
  inputKey: 'schedule',
};

const RECIPIENT = /^Recipients\.(\d+)$/;
const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6];

/** A native select bound to the form (plain <option>s: no menu, and what the browser journeys choose with selectOption). */
const nativeSelect = (testId: string) => ({
  select: { native: true },
  htmlInput: { 'data-testid': testId },
  inputLabel: { shrink: true },
});

/**
 * A scheduled report's dialog: name, frequency (the weekday when weekly; monthly is on
 * the 1st), the relative period, the delay after midnight in the company's time zone, recipients as
 * chips (the company's users offered to a caller who may read them, any address typed), language,
 * active. The report's filters come with the form (from the Reports screen) and are not edited here.
 */
export function ScheduleDialog({
  initial,
  onClose,
  onSaved,
}: {
  initial: ScheduleForm;
  onClose: () => void;
  onSaved: (s: ReportScheduleView) => void;
}) {
  const { t } = useTranslation();
  const { locale } = useLocaleAndDirection();
  const session = useSession();
  const qc = useQueryClient();
  const showError = useApiError();
  const labelOf = useCallback(
    (field: string) => {
      const m = RECIPIENT.exec(field);
      if (m) return t('reports.schedule.recipient', { n: Number(m[1]) + 1 });
      return FIELD_KEYS[field] ? t(FIELD_KEYS[field]) : field;
    },
    [t],
  );
  const {
    control,
    submitWith,
    getValues,
    setValue,
    formState: { errors },
  } = useRouteForm(SCHEDULE_FORM, { defaultValues: initial, labelOf });
  const [frequency, filters, period] = useWatch({ control, name: ['Frequency', 'Filters', 'Period'] });
  // A name still the default of the previous period follows the period; a name typed over stays.
  const shownPeriod = useRef(period);
  useEffect(() => {
    const before = shownPeriod.current;
    shownPeriod.current = period;
    if (before !== period && getValues('Name') === defaultNameOf(filters.groupBy, before, t)) {
      setValue('Name', defaultNameOf(filters.groupBy, period, t), { shouldDirty: true });
    }
  }, [period, filters.groupBy, getValues, setValue, t]);
  const users = useQuery({ ...companyUsersQuery(), enabled: isAllowed(session?.profile, ACCESS.generalSettings) });
  const emails = (users.data?.Items ?? []).filter((u) => u.Status === 'active').map((u) => u.Email);

  const save = async (values: ScheduleForm) => {
    try {
      const saved = await saveSchedule(toInput(values));
      for (const queryKey of SCHEDULE_READS) void qc.invalidateQueries({ queryKey });
      onSaved(saved);
    } catch (err) {
      showError(err, { fallback: t('snackbar.saveFailed') });
      throw err;
    }
  };

  // The chips' errors: one per address (its index), or the list's own (none, too many).
  const recipientErrors = errors.Recipients as unknown as
    | ({ message?: string } & Record<number, { message?: string } | undefined>)
    | undefined;
  const itemError = (i: number) => recipientErrors?.[i]?.message;
  const firstItemError = initialIndexes(recipientErrors).map(itemError).find(Boolean);
  const recipientsMessage = firstItemError ?? recipientErrors?.message;

  return (
    <FormDialog
      id="schedule-dialog"
      title={t(initial.Id ? 'reports.schedule.editTitle' : 'reports.schedule.createTitle')}
      maxWidth="sm"
      onSubmit={submitWith(save)}
      onClose={onClose}
    >
      <Grid container spacing={2} sx={{ pt: 1 }}>
        <Grid size={12}>
          <Typography variant="body2" color="text.secondary" data-testid="schedule-filters">
            {t('reports.schedule.filtersNote', { group: t(`reports.groups.${filters.groupBy}`) })}
            {filters.accountId || filters.activityId || filters.channelGroup || filters.platform
              ? ` ${t('reports.schedule.filtered')}`
              : ''}
          </Typography>
        </Grid>
        <Grid size={12}>
          <FormTextField
            control={control}
            fullWidth
            required
            autoFocus
            name="Name"
            label={labelOf('Name')}
            slotProps={{ htmlInput: { 'data-testid': 'schedule-name', maxLength: 120 } }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: frequency === 'weekly' ? 6 : 12 }}>
          <FormTextField
            control={control}
            select
            fullWidth
            name="Frequency"
            label={labelOf('Frequency')}
            slotProps={nativeSelect('schedule-frequency')}
            helperText={frequency === 'monthly' ? t('reports.schedule.monthlyHint') : undefined}
          >
            {FREQUENCIES.map((f) => (
              <option key={f} value={f}>
                {t(FREQUENCY_KEYS[f])}
              </option>
            ))}
          </FormTextField>
        </Grid>
        {frequency === 'weekly' && (
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormTextField
              control={control}
              select
              fullWidth
              name="Weekday"
              label={labelOf('Weekday')}
              slotProps={nativeSelect('schedule-weekday')}
            >
              {WEEKDAYS.map((d) => (
                <option key={d} value={String(d)}>
                  {weekdayName(d, locale)}
                </option>
              ))}
            </FormTextField>
          </Grid>
        )}
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField
            control={control}
            select
            fullWidth
            name="Period"
            label={labelOf('Period')}
            slotProps={nativeSelect('schedule-period')}
            helperText={t('reports.schedule.periodHint')}
          >
            {PERIODS.map((p) => (
              <option key={p} value={p}>
                {t(PERIOD_KEYS[p])}
              </option>
            ))}
          </FormTextField>
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField
            control={control}
            fullWidth
            required
            name="DelayHours"
            label={labelOf('DelayHours')}
            helperText={t('reports.schedule.delayHint')}
            slotProps={{ htmlInput: { 'data-testid': 'schedule-delay', inputMode: 'numeric', dir: 'ltr' } }}
          />
        </Grid>
        <Grid size={12}>
          <Controller
            control={control}
            name="Recipients"
            render={({ field }) => (
              <Autocomplete
                multiple
                freeSolo
                autoSelect
                options={emails}
                value={field.value}
                filterSelectedOptions
                onChange={(_e, v) => field.onChange(recipientsOf(v))}
                renderValue={(value, getItemProps) =>
                  value.map((email, index) => {
                    const { key, ...item } = getItemProps({ index });
                    const problem = itemError(index);
                    const state = initial.Outside?.[email.toLowerCase()];
                    return (
                      <Chip
                        key={key}
                        {...item}
                        size="small"
                        label={state ? `${email} · ${t(OUTSIDE_STATE_KEYS[state])}` : email}
                        color={problem ? 'error' : state === 'pending' ? 'warning' : 'default'}
                        variant={problem ? 'filled' : 'outlined'}
                        title={problem}
                        data-testid="schedule-recipient"
                        data-address={email}
                        data-state={state}
                        data-invalid={problem ? 'true' : undefined}
                      />
                    );
                  })
                }
                renderInput={(params) => (
                  <TextField
                    {...params}
                    name="Recipients"
                    label={labelOf('Recipients')}
                    required
                    inputRef={field.ref}
                    onBlur={field.onBlur}
                    error={!!recipientsMessage}
                    helperText={
                      recipientsMessage ??
                      t(emails.length ? 'reports.schedule.recipientsHintUsers' : 'reports.schedule.recipientsHint')
                    }
                    slotProps={{
                      ...params.slotProps,
                      htmlInput: {
                        ...params.slotProps.htmlInput,
                        'data-testid': 'schedule-recipients-input',
                        dir: 'ltr',
                      },
                    }}
                  />
                )}
              />
            )}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField
            control={control}
            select
            fullWidth
            name="Language"
            label={labelOf('Language')}
            slotProps={nativeSelect('schedule-language')}
          >
            {LANGUAGES.map((l) => (
              <option key={l} value={l}>
                {t(LANGUAGE_KEYS[l])}
              </option>
            ))}
          </FormTextField>
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Controller
            control={control}
            name="Active"
            render={({ field }) => (
              <FormControlLabel
                label={labelOf('Active')}
                control={
                  <Switch name="Active" checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />
                }
              />
            )}
          />
        </Grid>
      </Grid>
    </FormDialog>
  );
}

/** The indexes an array's errors hold (react-hook-form keeps a sparse array). */
function initialIndexes(errs: object | undefined): number[] {
  return errs
    ? Object.keys(errs)
        .filter((k) => /^\d+$/.test(k))
        .map(Number)
    : [];
}

/** The Reports screen's "Schedule": a new schedule of the report on screen (its filters and sort, its period made relative). */
export function NewScheduleDialog({
  filters,
  sort,
  onClose,
  onSaved,
}: {
  filters: ReportFilters;
  sort: string | null;
  onClose: () => void;
  onSaved: (s: ReportScheduleView) => void;
}) {
  const { t } = useTranslation();
  const { locale } = useLocaleAndDirection();
  const [initial] = useState(() => formFromReport(filters, sort, { name: defaultName(filters, t), language: locale }));
  return <ScheduleDialog initial={initial} onClose={onClose} onSaved={onSaved} />;
}
