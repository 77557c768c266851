import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { useRef } from 'react';
import type { DateInputProps } from './date-input-props';
import { dateFromIso, datePattern, INVALID_DATE, isoFromDate } from './date-text';
import { pickerLocale } from './picker-locales';

/**
 * MUI X's date picker over date-fns, in the UI's language: typed in that locale's short format
 * (date-text.ts datePattern: 31.12.2026 in Hebrew, 12/31/2026 in English) with its calendar; the value in and out is
 * YYYY-MM-DD (date-input.tsx). Its own chunk: loaded by DateInput, never with the shell.
 */
export default function DateInputView({
  value,
  onChange,
  onBlur,
  locale,
  label,
  name,
  required,
  disabled,
  error,
  helperText,
  fullWidth,
  inputRef,
  autoFocus,
  testId,
  onlyDates,
  min,
  max,
}: DateInputProps & { locale: string; autoFocus?: boolean }) {
  const l = pickerLocale(locale);
  // While a date is being typed the picker reports Invalid Date; handing it back the same object keeps
  // what was typed (a new value would reset the sections). `sent` is the last value the owner was given.
  const last = useRef<{ sent: string; date: Date | null }>({ sent: value, date: dateFromIso(value) });
  const date = value === last.current.sent ? last.current.date : dateFromIso(value);
  return (
    <LocalizationProvider dateAdapter={AdapterDateFns} adapterLocale={l.adapter} localeText={l.texts}>
      <DatePicker
        value={date}
        onChange={(d) => {
          const text = isoFromDate(d);
          if (text === INVALID_DATE && onlyDates) {
            last.current = { sent: last.current.sent, date: d };
            return;
          }
          last.current = { sent: text, date: d };
          onChange(text);
        }}
        label={label}
        format={datePattern(locale)}
        minDate={dateFromIso(min ?? '') ?? undefined}
        maxDate={dateFromIso(max ?? '') ?? undefined}
        disabled={disabled}
        inputRef={inputRef}
        autoFocus={autoFocus}
        slotProps={{
          textField: {
            name,
            required,
            error,
            helperText,
            fullWidth,
            onBlur,
            ...(testId ? { 'data-testid': testId } : {}),
          },
          field: { clearable: !required },
        }}
      />
    </LocalizationProvider>
  );
}
