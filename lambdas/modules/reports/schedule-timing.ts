import { TZDate } from '@date-fns/tz';
import { addDaysTo, type CalendarDay } from '../../shared/calendar';
import { todayIn } from '../../shared/company-day';
import type { ScheduleFrequency, SchedulePeriod } from './replies/report-schedules';

/**
 * When a scheduled report is due and what period it covers (docs/reports.md
 * "Scheduled reports"). Pure: no store, no clock.
 *
 * - A DUE DAY is a calendar day of the company's time zone: every day (daily), the schedule's
 *   weekday (weekly, 0 = Sunday), the 1st (monthly). Never "the 31st": a month always has a 1st.
 * - The run is due at 00:00 of that day in the company's time zone PLUS DelayHours elapsed hours
 *   (0..72; platform data arrives late). Midnight exists on every day of Asia/Jerusalem (its clock
 *   changes at 02:00), and elapsed hours are unambiguous across a DST change (wall-clock hours are
 *   not: 02:30 does not exist on the spring day); the instant is what is stored (NextRunAt).
 * - The period is relative to the due day, never to when the dispatcher happened to run.
 */
export interface ScheduleTiming {
  Frequency: ScheduleFrequency;
  /** Weekly only (0 = Sunday). */
  Weekday: number | null;
  DelayHours: number;
}

export interface DueRun {
  /** The instant the run is due. */
  at: Date;
  /** The company day it belongs to (what the period is computed from). */
  dueDay: CalendarDay;
}

const HOUR_MS = 3_600_000;
const parts = (d: CalendarDay) => [Number(d.slice(0, 4)), Number(d.slice(5, 7)), Number(d.slice(8, 10))] as const;

/** 0 = Sunday … 6 = Saturday (a calendar day has no time zone). */
export const weekdayOf = (d: CalendarDay) => {
  const [y, m, day] = parts(d);
  return new Date(Date.UTC(y, m - 1, day)).getUTCDay();
};

/** 00:00 of `day` in `timeZone` + `delayHours` elapsed hours. */
export function dueInstant(day: CalendarDay, delayHours: number, timeZone: string): Date {
  const [y, m, d] = parts(day);
  return new Date(new TZDate(y, m - 1, d, timeZone).getTime() + delayHours * HOUR_MS);
}

export function isDueDay(t: Pick<ScheduleTiming, 'Frequency' | 'Weekday'>, day: CalendarDay): boolean {
  switch (t.Frequency) {
    case 'daily':
      return true;
    case 'weekly':
      return weekdayOf(day) === t.Weekday;
    case 'monthly':
      return day.endsWith('-01');
  }
}

/**
 * The first run due strictly AFTER `after`. A due day up to 3 days back can still be due later
 * (DelayHours ≤ 72), so the search starts 4 days before `after`'s company day; a monthly schedule
 * finds its 1st within 36 days.
 */
export function nextRun(t: ScheduleTiming, after: Date, timeZone: string): DueRun {
  let day = addDaysTo(todayIn(timeZone, after), -4);
  for (let i = 0; i < 45; i++, day = addDaysTo(day, 1)) {
    if (!isDueDay(t, day)) continue;
    const at = dueInstant(day, t.DelayHours, timeZone);
    if (at.getTime() > after.getTime()) return { at, dueDay: day };
  }
  throw new Error(`No due day within 45 days of ${after.toISOString()} (${t.Frequency}, weekday ${t.Weekday})`);
}

/** `nextRun(...).at` (the contract's name). */
export const nextRunAt = (t: ScheduleTiming, after: Date, timeZone: string): Date => nextRun(t, after, timeZone).at;

export interface SchedulePeriodRange {
  from: CalendarDay;
  to: CalendarDay;
}

const firstOfMonth = (d: CalendarDay) => `${d.slice(0, 7)}-01`;

/**
 * The period a run on `dueDay` reports (whole days, the company's):
 * - yesterday: the day before;
 * - last7days: the 7 days before (the due day excluded: it has not happened yet);
 * - lastWeek: the last whole week, Sunday to Saturday, before the week of the due day;
 * - lastMonth: the whole month before the due day's month (its last day is found, never assumed);
 * - monthToDate: the 1st of the month of yesterday to yesterday — on the 1st, the whole month before
 *   (a run on the 1st of an empty month would report nothing).
 */
export function periodOf(period: SchedulePeriod, dueDay: CalendarDay): SchedulePeriodRange {
  const yesterday = addDaysTo(dueDay, -1);
  switch (period) {
    case 'yesterday':
      return { from: yesterday, to: yesterday };
    case 'last7days':
      return { from: addDaysTo(dueDay, -7), to: yesterday };
    case 'lastWeek': {
      const from = addDaysTo(dueDay, -weekdayOf(dueDay) - 7);
      return { from, to: addDaysTo(from, 6) };
    }
    case 'lastMonth': {
      const to = addDaysTo(firstOfMonth(dueDay), -1);
      return { from: firstOfMonth(to), to };
    }
    case 'monthToDate':
      return { from: firstOfMonth(yesterday), to: yesterday };
  }
}
