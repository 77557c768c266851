import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { format, isValid, parse } from 'date-fns';
import { pickerLocale } from '../../../lib/forms/picker-locales';

const fromMonth = (m: string) => {
  const d = parse(m, 'yyyy-MM', new Date(2000, 0, 1));
  return isValid(d) ? d : null;
};

/**
 * A month ('YYYY-MM') chosen from MUI X's year-and-month picker in the user's language (month names
 * from date-fns' locale, the picker's texts from MUI X's): the browser's native month input speaks
 * the browser's language, not the console's.
 */
export function MonthPicker({
  value,
  onChange,
  locale,
  label,
  error,
  helperText,
}: {
  value: string;
  onChange: (month: string) => void;
  locale: string;
  label: string;
  error?: boolean;
  helperText?: string;
}) {
  const l = pickerLocale(locale);
  return (
    <LocalizationProvider dateAdapter={AdapterDateFns} adapterLocale={l.adapter} localeText={l.texts}>
      <DatePicker
        views={['year', 'month']}
        openTo="month"
        format="MMMM yyyy"
        label={label}
        value={fromMonth(value)}
        onChange={(d) => onChange(d && isValid(d) ? format(d, 'yyyy-MM') : '')}
        slotProps={{ textField: { size: 'small', error, helperText, 'data-testid': 'billing-month' } as object }}
      />
    </LocalizationProvider>
  );
}
