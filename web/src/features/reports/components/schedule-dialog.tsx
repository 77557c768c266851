import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { reportScheduleInput } from '@server/modules/reports/schemas/report-schedules';
import { FormDialog } from '../../../components/ui/form-dialog';
import { useLocaleAndDirection } from '../../../lib/display/use-locale';
import { FormTextField } from '../../../lib/forms/form-text-field';
import type { RouteForm } from '../../../lib/forms/route-form';
import { useRouteForm } from '../../../lib/forms/use-route-form';
import type { ReportScheduleView } from '../api/schedules-api';
import type { ReportFilters } from './report-filters';
import {
  useActiveUserEmails,
  useNameFollowsPeriod,
  useSaveSchedule,
  useScheduleLabelOf,
} from './schedule-dialog-hooks';
import { defaultName, formFromReport, toInput, type ScheduleForm } from './schedule-form';
import { ScheduleRecipientsField } from './schedule-recipients-field';
import { ScheduleSendFields } from './schedule-send-fields';
import { ScheduleTimingFields } from './schedule-timing-fields';

/** Checked by the route's own schema (SaveReportSchedule's `schedule`); a 400 on `schedule.Recipients.<i>` lands on that chip. */
export const SCHEDULE_FORM: RouteForm<ScheduleForm, typeof reportScheduleInput> = {
  schema: reportScheduleInput,
  toInput,
  inputKey: 'schedule',
};

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
  const labelOf = useScheduleLabelOf();
  const {
    control,
    submitWith,
    getValues,
    setValue,
    formState: { errors },
  } = useRouteForm(SCHEDULE_FORM, { defaultValues: initial, labelOf });
  const [frequency, filters, period] = useWatch({ control, name: ['Frequency', 'Filters', 'Period'] });
  useNameFollowsPeriod(period, filters.groupBy, getValues, setValue);
  const emails = useActiveUserEmails();
  const save = useSaveSchedule(onSaved);

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
        <ScheduleTimingFields control={control} frequency={frequency} labelOf={labelOf} />
        <Grid size={12}>
          <ScheduleRecipientsField
            control={control}
            errors={errors}
            emails={emails}
            outside={initial.Outside}
            label={labelOf('Recipients')}
          />
        </Grid>
        <ScheduleSendFields control={control} labelOf={labelOf} />
      </Grid>
    </FormDialog>
  );
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
