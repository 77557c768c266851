/**
 * Calendar days, shared by the API and the console (date-fns + @date-fns/tz). A plan, an activity,
 * an exchange rate or a report period is a CALENDAR day written 'YYYY-MM-DD', never an instant; the
 * one place an instant becomes a day is `todayIn`, and it uses the company's time zone
 * (configuration TimeZone, default Asia/Jerusalem): an approval at 00:30 Israel time is that day's,
 * with that day's exchange rate, although UTC still says yesterday. `todayIn` lives apart, in
 * company-day.ts, so that the many modules that only check days do not bundle date-fns' time zones.
 */
export type CalendarDay = string;

export const DEFAULT_TIME_ZONE = 'Asia/Jerusalem';

/**
 * Is `s` a day of the calendar written YYYY-MM-DD (not 2026-02-30, not 2026-2-3)? A round trip
 * through the UTC calendar (Date.UTC rolls 2026-02-30 over to March 2, so the digits differ); not
 * date-fns' parse, whose format-string engine and locale would add ~24 kB to every Lambda.
 */
export function isCalendarDay(s: unknown): s is CalendarDay {
  if (typeof s !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const [y, m, d] = s.split('-').map(Number);
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}

const knownZones = new Map<string, boolean>();

/** Is `tz` an IANA time zone this runtime knows ('Asia/Jerusalem', 'UTC')? Answers are kept: zones do not change while running. */
export function isTimeZone(tz: unknown): tz is string {
  if (typeof tz !== 'string' || tz.length === 0 || tz.length > 64) return false;
  let known = knownZones.get(tz);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: tz });
      known = true;
    } catch {
      known = false;
    }
    if (knownZones.size < 1000) knownZones.set(tz, known);
  }
  return known;
}

/** Add whole days to a calendar day (negative goes back); no time zone involved. */
export function addDaysTo(day: CalendarDay, days: number): CalendarDay {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}
