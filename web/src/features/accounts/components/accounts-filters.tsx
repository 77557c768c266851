import Search from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { DateInput } from '../../../lib/forms/date-input';

/** Activity statuses (DOMAIN.md §2); -1 = any. */
export const ACTIVITY_STATUSES = [-1, 1, 2, 3, 4, 5] as const;

export interface AccountsFilterValues {
  quick: string;
  fromDate: string;
  toDate: string;
  activityStatus: number;
  status: 'active' | 'archived';
}

export const DEFAULT_FILTERS: AccountsFilterValues = { quick: '', fromDate: '', toDate: '', activityStatus: -1, status: 'active' };

/** Quick filter (in the page), date range and activity status (sent to GetAccountsList), archive view. */
export function AccountsFilters({ value, onChange, showArchiveToggle }: { value: AccountsFilterValues; onChange: (v: AccountsFilterValues) => void; showArchiveToggle: boolean }) {
  const { t } = useTranslation();
  const set = <K extends keyof AccountsFilterValues>(k: K, v: AccountsFilterValues[K]) => onChange({ ...value, [k]: v });
  const rangeBad = !!value.fromDate && !!value.toDate && value.fromDate > value.toDate;
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { md: 'center' }, flexWrap: 'wrap' }}>
      <TextField
        label={t('accounts.filters.quick')} value={value.quick} onChange={(e) => set('quick', e.target.value)} name="quick"
        slotProps={{ input: { startAdornment: <InputAdornment position="start"><Search fontSize="small" /></InputAdornment> } }}
      />
      <DateInput onlyDates label={t('accounts.filters.fromDate')} value={value.fromDate} name="fromDate" onChange={(v) => set('fromDate', v)} />
      <DateInput onlyDates label={t('accounts.filters.toDate')} value={value.toDate} name="toDate" onChange={(v) => set('toDate', v)}
        error={rangeBad} helperText={rangeBad ? t('validation.dateRange') : undefined} />
      <TextField select label={t('accounts.filters.activityStatus')} value={value.activityStatus} name="activityStatus" sx={{ minWidth: 160 }}
        onChange={(e) => set('activityStatus', Number(e.target.value))}>
        {ACTIVITY_STATUSES.map((s) => <MenuItem key={s} value={s}>{t(`activityStatus.${s}`)}</MenuItem>)}
      </TextField>
      {showArchiveToggle && (
        <TextField select label={t('accounts.filters.view')} value={value.status} name="status" sx={{ minWidth: 140 }}
          onChange={(e) => set('status', e.target.value as AccountsFilterValues['status'])}>
          <MenuItem value="active">{t('accounts.status.active')}</MenuItem>
          <MenuItem value="archived">{t('accounts.status.archived')}</MenuItem>
        </TextField>
      )}
    </Stack>
  );
}
