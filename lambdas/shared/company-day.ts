import { TZDate } from '@date-fns/tz';
import { formatISO } from 'date-fns';
import type { CalendarDay } from './calendar';

/**
 * The instant "today" is taken from when the local stack or a test fixed it (fixClock): kept on the
 * global object, so that the local server and the handler modules it imports (perhaps as another
 * module instance) see the same clock. Nothing in the cloud sets it; it exists so that a test or a
 * browser journey can ask what a screen shows on the 1st of a month.
 */
const FIXED_NOW = Symbol.for('mixdesk.fixedNow');
type ClockHolder = { [FIXED_NOW]?: number | null };

/** The local stack and tests only: fix the instant the company's "today" is computed from (null: the real clock again). */
export function fixClock(instant: number | null): void {
  (globalThis as ClockHolder)[FIXED_NOW] = instant === null || !Number.isFinite(instant) ? null : instant;
}

/** Now, as the company's day sees it: the fixed instant, else Date.now(). */
export const clockNow = (): number => (globalThis as ClockHolder)[FIXED_NOW] ?? Date.now();

/**
 * The one place an instant becomes a calendar day (shared/calendar.ts): the day it is in
 * `timeZone` (the company's configuration TimeZone) at `now`, by date-fns with @date-fns/tz.
 * formatISO, not format(…, 'yyyy-MM-dd'): format carries its token parser and the en-US locale,
 * ~19 kB of every Lambda bundle that asks for a day.
 */
export function todayIn(timeZone: string, now: Date | number = clockNow()): CalendarDay {
  return formatISO(new TZDate(typeof now === 'number' ? now : now.getTime(), timeZone), { representation: 'date' });
}
