import { ValidationError } from '../../core/errors';
import { addDaysTo, isCalendarDay } from '../../shared/calendar';
import type { PaymentTerms } from './replies';
import { MAX_TERM_DAYS, PAYMENT_TERM_KINDS } from './schemas';

const invalid = (
  field: string,
  detail: string,
  reason: 'DATE_NOT_REAL' | 'WHOLE_BETWEEN' | 'NOT_ONE_OF',
  params = {},
) => new ValidationError(`${field}: ${detail}`, 'FIELD_INVALID', { field, detail, reason, ...params });

/**
 * When a vendor's bill falls due under its payment terms (docs/domain.md, "Vendors"):
 * - net N: N days after the bill's date;
 * - eom_plus N (the Israeli "current month + N", שוטף + N): N days after the last day of the bill's month.
 * Calendar days only (no time of day, no time zone), so no daylight-saving change moves a date.
 * A date the calendar does not have (or past year 9999 once due), an unknown kind or terms outside
 * 0..MAX_TERM_DAYS whole days are a 400 naming the field.
 */
export function dueDate(billDate: string, terms: PaymentTerms): string {
  if (!isCalendarDay(billDate)) throw invalid('billDate', 'is not a real date as YYYY-MM-DD', 'DATE_NOT_REAL');
  if (!(PAYMENT_TERM_KINDS as readonly string[]).includes(terms.Kind))
    throw invalid('PaymentTerms.Kind', `must be one of ${PAYMENT_TERM_KINDS.join(', ')}`, 'NOT_ONE_OF', {
      values: PAYMENT_TERM_KINDS.join(', '),
    });
  if (!Number.isInteger(terms.Days) || terms.Days < 0 || terms.Days > MAX_TERM_DAYS)
    throw invalid('PaymentTerms.Days', `must be a whole number from 0 to ${MAX_TERM_DAYS}`, 'WHOLE_BETWEEN', {
      low: 0,
      limit: MAX_TERM_DAYS,
    });
  const due = addDaysTo(terms.Kind === 'net' ? billDate : lastDayOfMonth(billDate), terms.Days);
  if (!isCalendarDay(due)) throw invalid('billDate', 'falls due after the year 9999', 'DATE_NOT_REAL');
  return due;
}

/** The last day of a day's month: the day before the first of the next (29 February in a leap year). */
function lastDayOfMonth(day: string): string {
  const [y, m] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}
