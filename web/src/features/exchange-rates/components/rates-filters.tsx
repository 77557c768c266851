import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { DateInput } from '../../../lib/forms/date-input';
import { CURRENCY_CODE } from './rate-form';

export interface Filters {
  from: string;
  to: string;
  fromDate: string;
  toDate: string;
}
export const NO_FILTERS: Filters = { from: '', to: '', fromDate: '', toDate: '' };

/** An empty or complete currency code; a partly typed one filters nothing. */
export const codeOk = (c: string) => c === '' || CURRENCY_CODE.test(c);

/** The pair and date-range filters; the parent lays them out with its buttons. */
export function RatesFilterFields({
  filters,
  setFilter,
  rangeBad,
}: {
  filters: Filters;
  setFilter: (k: keyof Filters, v: string) => void;
  rangeBad: boolean;
}) {
  const { t } = useTranslation();
  const codeField = (k: 'from' | 'to') => (
    <TextField
      name={k}
      label={t(`exchangeRates.fields.${k === 'from' ? 'From' : 'To'}`)}
      value={filters[k]}
      sx={{ width: 110 }}
      onChange={(e) => setFilter(k, e.target.value)}
      error={!codeOk(filters[k]) && filters[k].length === 3}
      slotProps={{ htmlInput: { maxLength: 3, dir: 'ltr', spellCheck: false } }}
    />
  );
  return (
    <>
      {codeField('from')}
      {codeField('to')}
      <DateInput
        onlyDates
        name="fromDate"
        label={t('accounts.filters.fromDate')}
        value={filters.fromDate}
        onChange={(v) => setFilter('fromDate', v)}
      />
      <DateInput
        onlyDates
        name="toDate"
        label={t('accounts.filters.toDate')}
        value={filters.toDate}
        onChange={(v) => setFilter('toDate', v)}
        error={rangeBad}
        helperText={rangeBad ? t('validation.dateRange') : undefined}
      />
    </>
  );
}
