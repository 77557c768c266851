import Grid from '@mui/material/Grid';
import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocaleAndDirection } from '../../../lib/display/use-locale';
import { FormNumberField } from '../../../lib/forms/form-number-field';
import { FormTextField } from '../../../lib/forms/form-text-field';
import { FREQUENCIES, FREQUENCY_KEYS, PERIOD_KEYS, PERIODS, weekdayName, type ScheduleForm } from './schedule-form';
import { nativeSelect } from './schedule-native-select';

const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6];

/** When the schedule runs: frequency (the weekday when weekly), the relative period, the delay after midnight. */
export function ScheduleTimingFields({
  control,
  frequency,
  labelOf,
}: {
  control: Control<ScheduleForm>;
  frequency: ScheduleForm['Frequency'];
  labelOf: (field: string) => string;
}) {
  const { t } = useTranslation();
  const { locale } = useLocaleAndDirection();
  return (
    <>
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
        <FormNumberField
          control={control}
          fullWidth
          required
          name="DelayHours"
          label={labelOf('DelayHours')}
          helperText={t('reports.schedule.delayHint')}
          slotProps={{ htmlInput: { 'data-testid': 'schedule-delay', inputMode: 'numeric', dir: 'ltr' } }}
        />
      </Grid>
    </>
  );
}
