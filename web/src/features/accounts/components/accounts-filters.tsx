import Search from '@mui/icons-material/Search';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { FilterSelect, FilterTextField } from '../../../components/ui/filter-field';
import { PlainIcon } from '../../../components/ui/plain-icon';
import { DateInput } from '../../../lib/forms/date-input';
import type { AccountsFilterValues } from '../api/list-params';

/** Activity statuses (docs/domain.md); -1 = any. */
export const ACTIVITY_STATUSES = [-1, 1, 2, 3, 4, 5] as const;

/** Quick filter (in the page), date range and activity status (sent to GetAccountsList), archive view. */
export function AccountsFilters({
  value,
  onChange,
  showArchiveToggle,
}: {
  value: AccountsFilterValues;
  onChange: (v: AccountsFilterValues) => void;
  showArchiveToggle: boolean;
}) {
  const { t } = useTranslation();
  const set = <K extends keyof AccountsFilterValues>(k: K, v: AccountsFilterValues[K]) =>
    onChange({ ...value, [k]: v });
  const rangeBad = !!value.fromDate && !!value.toDate && value.fromDate > value.toDate;
  return (
    <Stack
      direction={{ xs: 'column', md: 'row' }}
      spacing={2}
      sx={{ mb: 2, alignItems: { md: 'center' }, flexWrap: 'wrap' }}
    >
      <FilterTextField
        label={t('accounts.filters.quick')}
        value={value.quick}
        onChange={(v) => set('quick', v)}
        name="quick"
        startIcon={<PlainIcon of={Search} />}
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
      <FilterSelect
        label={t('accounts.filters.activityStatus')}
        value={value.activityStatus}
        name="activityStatus"
        style={{ minWidth: 160 }}
        onChange={(v) => set('activityStatus', v)}
        choices={ACTIVITY_STATUSES.map((s) => ({ value: s, label: t(`activityStatus.${s}`) }))}
      />
      {showArchiveToggle && (
        <FilterSelect<AccountsFilterValues['status']>
          label={t('accounts.filters.view')}
          value={value.status}
          name="status"
          style={{ minWidth: 140 }}
          onChange={(v) => set('status', v)}
          choices={[
            { value: 'active', label: t('accounts.status.active') },
            { value: 'archived', label: t('accounts.status.archived') },
          ]}
        />
      )}
    </Stack>
  );
}
