import { literal, union } from 'zod';
import { isoDate } from './fields';

/** Is `s` (YYYY-MM-DD) a day of the calendar? Date.parse rolls 2026-02-30 over to March 2, so compare back. */
const isCalendarDay = (s: string) => {
  const t = Date.parse(`${s}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === s;
};

/** fields.ts isoDate() that also refuses days the month does not have (2026-02-30). */
export const calendarDate = () => isoDate().refine(isCalendarDay, 'is not a real date');

/** A date filter: YYYY-MM-DD, or empty/absent for none (the legacy client posts ''). */
export const optionalDate = () => union([literal(''), calendarDate()]).optional().nullable();
