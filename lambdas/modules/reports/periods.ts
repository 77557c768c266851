import type { output } from 'zod/mini';
import { ValidationError } from '../../core/errors';
import type { getPerformanceReport } from './schemas/reports';
import { MAX_REPORT_DAYS } from '../../shared/report-limits';
import { addDaysTo, type CalendarDay } from '../../shared/calendar';

/**
 * The periods of reports and dashboards, in the company's calendar days (docs/reports.md, "Periods"):
 * the codes, a custom range, and the previous period a comparison sets beside them.
 */
export interface Period {
  from: CalendarDay;
  to: CalendarDay;
}

const dayNumber = (d: CalendarDay) =>
  Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)) - 1, Number(d.slice(8, 10))) / 86_400_000;
/** Days in [from, to], inclusive (0 or less when to is before from). */
export const daysIn = (p: Period) => dayNumber(p.to) - dayNumber(p.from) + 1;
const firstOfMonth = (d: CalendarDay) => `${d.slice(0, 7)}-01`;
/** The last day of the month of `d`. */
export const lastOfMonth = (d: CalendarDay) => addDaysTo(`${addDaysTo(`${d.slice(0, 7)}-28`, 7).slice(0, 7)}-01`, -1);
/** The first day of the month `n` months after that of `d` (negative: before). */
const monthsAfter = (d: CalendarDay, n: number) => {
  const m = Number(d.slice(0, 4)) * 12 + Number(d.slice(5, 7)) - 1 + n;
  return `${String(Math.floor(m / 12)).padStart(4, '0')}-${String((m % 12) + 1).padStart(2, '0')}-01`;
};

/** A period code of the API in the company's days: 1 today, 2 yesterday, 3 this month (to today), 4 last month (whole). */
export function periodOfCode(code: '1' | '2' | '3' | '4', today: CalendarDay): Period {
  switch (code) {
    case '1':
      return { from: today, to: today };
    case '2': {
      const y = addDaysTo(today, -1);
      return { from: y, to: y };
    }
    case '3':
      return { from: firstOfMonth(today), to: today };
    case '4': {
      const last = addDaysTo(firstOfMonth(today), -1);
      return { from: firstOfMonth(last), to: last };
    }
  }
}

/** Whole calendar months in `p` (a month, a quarter, a year…), or 0 when it does not start on a 1st and end on a month's last day. */
function wholeMonths(p: Period): number {
  if (p.from.slice(8) !== '01' || p.to !== lastOfMonth(p.to) || p.to < p.from) return 0;
  return (
    (Number(p.to.slice(0, 4)) - Number(p.from.slice(0, 4))) * 12 +
    Number(p.to.slice(5, 7)) -
    Number(p.from.slice(5, 7)) +
    1
  );
}

/**
 * The period a comparison sets beside `p`: a period of whole months (a month, a quarter, a year)
 * is compared with the same number of whole months just before it (November with October, not
 * with Oct 2–31); this month to date (`monthToDate`: the code 3 period) with the same days of the
 * month before, cut at its end (Mar 1–30 with all of February); any other range with the range of
 * the same length that ends the day before it starts.
 */
export function previousPeriod(p: Period, monthToDate = false): Period {
  const months = wholeMonths(p);
  if (months > 0) return { from: monthsAfter(p.from, -months), to: addDaysTo(p.from, -1) };
  if (monthToDate && p.from.slice(8) === '01' && p.to.slice(0, 7) === p.from.slice(0, 7)) {
    const from = monthsAfter(p.from, -1);
    const end = lastOfMonth(from);
    const to = addDaysTo(from, daysIn(p) - 1);
    return { from, to: to < end ? to : end };
  }
  const to = addDaysTo(p.from, -1);
  return { from: addDaysTo(to, -(daysIn(p) - 1)), to };
}

type PeriodInput = Pick<output<typeof getPerformanceReport>, 'period' | 'from' | 'to'>;

/** Was this month to date asked (the code 3, or no period at all)? */
export const asksMonthToDate = (input: PeriodInput) => !input.from && !input.to && (input.period ?? '3') === '3';

/** The period asked: a code, or a custom from/to (both, ordered, at most MAX_REPORT_DAYS days); neither: this month. */
export function periodAsked(input: PeriodInput, today: CalendarDay): Period {
  const from = input.from || undefined;
  const to = input.to || undefined;
  if (from || to) {
    if (input.period)
      throw new ValidationError('period: give a period code or a from/to range, not both', 'FIELD_INVALID', {
        field: 'period',
        detail: 'a period code or a custom range, not both',
        reason: 'INVALID',
      });
    if (!from) throw new ValidationError('from is required with to', 'FIELD_REQUIRED', { field: 'from' });
    if (!to) throw new ValidationError('to is required with from', 'FIELD_REQUIRED', { field: 'to' });
    if (to < from) throw new ValidationError('to: before from', 'DATE_RANGE_INVALID', { field: 'to', start: from });
    const p = { from, to };
    if (daysIn(p) > MAX_REPORT_DAYS)
      throw new ValidationError(`to: a report covers at most ${MAX_REPORT_DAYS} days`, 'FIELD_TOO_LARGE', {
        field: 'to',
        max: MAX_REPORT_DAYS,
      });
    return p;
  }
  return periodOfCode(input.period ?? '3', today);
}
