import Search from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { ArchivedViewSelect } from '../../../components/ui/archived-view-select';
import { DateInput } from '../../../lib/forms/date-input';

export interface ActivitiesFilterValues {
  quick: string;
  fromDate: string;
  toDate: string;
  /** -1 any, else 1..5. */
  activityStatus: number;
  archived: boolean;
}

export const DEFAULT_ACTIVITY_FILTERS: ActivitiesFilterValues = {
  quick: '',
  fromDate: '',
  toDate: '',
  activityStatus: -1,
  archived: false,
};
const STATUS_FILTER = [-1, 1, 2, 3, 4, 5];

/** Quick filter (in the page); date range, status and the archive view go to GetActivitiesList. */
export function ActivitiesFilters({
  value,
  onChange,
  showArchiveToggle,
}: {
  value: ActivitiesFilterValues;
  onChange: (v: ActivitiesFilterValues) => void;
  showArchiveToggle: boolean;
}) {
  const { t } = useTranslation();
  const set = <K extends keyof ActivitiesFilterValues>(k: K, v: ActivitiesFilterValues[K]) =>
    onChange({ ...value, [k]: v });
  const rangeBad = !!value.fromDate && !!value.toDate && value.fromDate > value.toDate;
  return (
    <Stack
      direction={{ xs: 'column', md: 'row' }}
      spacing={2}
      sx={{ mb: 2, alignItems: { md: 'flex-start' }, flexWrap: 'wrap' }}
    >
      <TextField
        label={t('accounts.filters.quick')}
        value={value.quick}
        onChange={(e) => set('quick', e.target.value)}
        name="quick"
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <Search fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      <DateInput
        onlyDates
        label={t('accounts.filters.fromDate')}
        value={value.fromDate}
        name="fromDate"
        onChange={(v) => set('fromDate', v)}
      />
      <DateInput
        onlyDates
        label={t('accounts.filters.toDate')}
        value={value.toDate}
        name="toDate"
        onChange={(v) => set('toDate', v)}
        error={rangeBad}
        helperText={rangeBad ? t('validation.dateRange') : undefined}
      />
      <TextField
        select
        label={t('activities.fields.Status')}
        value={value.activityStatus}
        name="activityStatus"
        sx={{ minWidth: 160 }}
        onChange={(e) => set('activityStatus', Number(e.target.value))}
      >
        {STATUS_FILTER.map((s) => (
          <MenuItem key={s} value={s}>
            {t(`activityStatus.${s}`)}
          </MenuItem>
        ))}
      </TextField>
      {showArchiveToggle && (
        <ArchivedViewSelect archived={value.archived} onChange={(archived) => set('archived', archived)} />
      )}
    </Stack>
  );
}
