import type { CalendarDay } from '../../shared/calendar';
import { minorToNumber, type Minor } from '../../shared/money';

/** The small arithmetic every step of the manager dashboard shares. */

export const money = (m: Minor) => minorToNumber(m);
export const minDay = (a: CalendarDay, b: CalendarDay) => (a < b ? a : b);
export const maxDay = (a: CalendarDay, b: CalendarDay) => (a > b ? a : b);
/** Percent with 2 decimals of part ÷ whole (0 when whole is 0). */
export const pctOf = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part * 10_000) / whole) / 100);
