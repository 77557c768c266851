import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import type { CalendarDay } from './calendar';

/**
 * The one place an instant becomes a calendar day (shared/calendar.ts): the day it is in
 * `timeZone` (the company's configuration TimeZone) at `now`, by date-fns with @date-fns/tz.
 */
export function todayIn(timeZone: string, now: Date | number = Date.now()): CalendarDay {
  return format(new TZDate(typeof now === 'number' ? now : now.getTime(), timeZone), 'yyyy-MM-dd');
}
