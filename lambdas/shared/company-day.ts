import { TZDate } from '@date-fns/tz';
import { formatISO } from 'date-fns';
import type { CalendarDay } from './calendar';

/**
 * The one place an instant becomes a calendar day (shared/calendar.ts): the day it is in
 * `timeZone` (the company's configuration TimeZone) at `now`, by date-fns with @date-fns/tz.
 * formatISO, not format(…, 'yyyy-MM-dd'): format carries its token parser and the en-US locale,
 * ~19 kB of every Lambda bundle that asks for a day.
 */
export function todayIn(timeZone: string, now: Date | number = Date.now()): CalendarDay {
  return formatISO(new TZDate(typeof now === 'number' ? now : now.getTime(), timeZone), { representation: 'date' });
}
