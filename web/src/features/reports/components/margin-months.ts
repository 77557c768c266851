import { format, subMonths } from 'date-fns';
import { intlLocale } from '../../../lib/format';

/** 'YYYY-MM' as the locale names a month ("March 2026", "מרץ 2026"). */
export const monthNameIn = (month: string, locale: string) =>
  new Intl.DateTimeFormat(intlLocale(locale), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );

/** The months a range may start or end on: this month and the 35 before it, newest first. */
export const recentMonths = (now = new Date()) =>
  Array.from({ length: 36 }, (_, i) => format(subMonths(now, i), 'yyyy-MM'));

/** The months from one to another, both counted (the API takes at most 12). */
export function monthCount(from: string, to: string): number {
  const n = (m: string) => Number(m.slice(0, 4)) * 12 + Number(m.slice(5, 7));
  return n(to) - n(from) + 1;
}
