import { addDaysTo } from '../../../shared/calendar';
import type { Day } from '../platform';

/** A range of days, both ends counted. */
export interface DayRange {
  from: Day;
  to: Day;
}

/** Days from `from` to `to`, both counted. */
export function dayCount(from: Day, to: Day): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/**
 * The one date slicer: [from, to] cut into consecutive slices of at most `days` days (at least one
 * day each), for a platform's request limit and for what the sync holds in memory at once.
 */
export function daySlices(range: DayRange, days: number): DayRange[] {
  const step = Math.max(1, days);
  const out: DayRange[] = [];
  for (let from = range.from; from <= range.to; from = addDaysTo(from, step)) {
    const to = addDaysTo(from, step - 1);
    out.push({ from, to: to < range.to ? to : range.to });
  }
  return out;
}
