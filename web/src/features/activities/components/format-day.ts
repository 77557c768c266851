import { formatDate } from '../../../lib/format';

/**
 * A calendar day (YYYY-MM-DD) as the locale writes it. Built as a local date so a viewer west of
 * UTC does not see the day before (new Date('2026-03-01') is midnight UTC).
 */
export function formatDay(ymd: string | null | undefined, locale: string): string {
  if (!ymd) return '';
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(ymd);
  if (!m) return ymd;
  return formatDate(new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])), locale);
}
