import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Switch from '@mui/material/Switch';
import { Controller, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../lib/forms/form-text-field';
import { LANGUAGE_KEYS, LANGUAGES, type ScheduleForm } from './schedule-form';
import { nativeSelect } from './schedule-native-select';

/** How the schedule is sent: the report's language, and whether it is active. */
export function ScheduleSendFields({
  control,
  labelOf,
}: {
  control: Control<ScheduleForm>;
  labelOf: (field: string) => string;
}) {
  const { t } = useTranslation();
  return (
    <>
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
    </>
  );
}
