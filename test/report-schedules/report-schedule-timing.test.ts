import {
  dueInstant,
  nextRun,
  nextRunAt,
  periodOf,
  weekdayOf,
  type ScheduleTiming,
} from '../../lambdas/modules/reports/schedule-timing';
import type { SchedulePeriod } from '../../lambdas/modules/reports/replies/report-schedules';

/**
 * When a scheduled report is due (00:00 of the due day in the company's zone + DelayHours) and what
 * period it reports. Asia/Jerusalem: UTC+2 in winter, UTC+3 in summer; in 2026 the clock moves
 * forward on Friday 27 March (02:00 → 03:00) and back on Sunday 25 October (02:00 → 01:00).
 */
const TZ = 'Asia/Jerusalem';
const daily: ScheduleTiming = { Frequency: 'daily', Weekday: null, DelayHours: 0 };
const monthly: ScheduleTiming = { Frequency: 'monthly', Weekday: null, DelayHours: 0 };
const weekly = (Weekday: number, DelayHours = 0): ScheduleTiming => ({ Frequency: 'weekly', Weekday, DelayHours });

it.each([
  // [timing, after (UTC), expected due instant (UTC), due day]
  ['daily, before midnight', daily, '2026-01-10T21:59:00Z', '2026-01-10T22:00:00.000Z', '2026-01-11'],
  [
    'daily, exactly at the due instant: the next one',
    daily,
    '2026-01-10T22:00:00Z',
    '2026-01-11T22:00:00.000Z',
    '2026-01-12',
  ],
  ['daily, summer (UTC+3)', daily, '2026-07-01T12:00:00Z', '2026-07-01T21:00:00.000Z', '2026-07-02'],
  [
    'daily across the spring change: midnight of 28 March is already UTC+3',
    daily,
    '2026-03-27T12:00:00Z',
    '2026-03-27T21:00:00.000Z',
    '2026-03-28',
  ],
  [
    'daily on the spring day itself: midnight 27 March still UTC+2',
    daily,
    '2026-03-26T12:00:00Z',
    '2026-03-26T22:00:00.000Z',
    '2026-03-27',
  ],
  [
    'daily across the autumn change: midnight 26 October is UTC+2 again',
    daily,
    '2026-10-25T12:00:00Z',
    '2026-10-25T22:00:00.000Z',
    '2026-10-26',
  ],
  [
    'daily + 6 h on the spring day: 6 elapsed hours after midnight UTC+2 = 07:00 local',
    { ...daily, DelayHours: 6 },
    '2026-03-26T23:00:00Z',
    '2026-03-27T04:00:00.000Z',
    '2026-03-27',
  ],
  ['weekly on Sunday', weekly(0), '2026-11-26T10:00:00Z', '2026-11-28T22:00:00.000Z', '2026-11-29'],
  [
    'weekly on Thursday, delay 8 h, asked Thursday 07:00 local: still today',
    weekly(4, 8),
    '2026-11-26T05:00:00Z',
    '2026-11-26T06:00:00.000Z',
    '2026-11-26',
  ],
  [
    'weekly on Thursday, delay 8 h, asked Thursday 09:00 local: next week',
    weekly(4, 8),
    '2026-11-26T07:00:00Z',
    '2026-12-03T06:00:00.000Z',
    '2026-12-03',
  ],
  ['monthly: the 1st', monthly, '2026-11-26T10:00:00Z', '2026-11-30T22:00:00.000Z', '2026-12-01'],
  ['monthly across the year end', monthly, '2026-12-15T10:00:00Z', '2026-12-31T22:00:00.000Z', '2027-01-01'],
  [
    'monthly, 1 April across the spring change (UTC+3)',
    monthly,
    '2026-03-02T10:00:00Z',
    '2026-03-31T21:00:00.000Z',
    '2026-04-01',
  ],
  [
    'monthly, 1 November across the autumn change (UTC+2)',
    monthly,
    '2026-10-02T10:00:00Z',
    '2026-10-31T22:00:00.000Z',
    '2026-11-01',
  ],
  [
    'monthly + 72 h: the 1st is due on the 4th, still ahead on the 3rd',
    { ...monthly, DelayHours: 72 },
    '2026-12-03T10:00:00Z',
    '2026-12-03T22:00:00.000Z',
    '2026-12-01',
  ],
  [
    'monthly + 72 h after it passed: next month',
    { ...monthly, DelayHours: 72 },
    '2026-12-04T10:00:00Z',
    '2027-01-03T22:00:00.000Z',
    '2027-01-01',
  ],
  [
    'monthly from 31 January: 1 February exists, no 31st is needed',
    monthly,
    '2026-01-31T10:00:00Z',
    '2026-01-31T22:00:00.000Z',
    '2026-02-01',
  ],
] as const)('%s', (_name, timing, after, at, dueDay) => {
  const next = nextRun(timing, new Date(after), TZ);
  expect(next.at.toISOString()).toBe(at);
  expect(next.dueDay).toBe(dueDay);
  expect(nextRunAt(timing, new Date(after), TZ).toISOString()).toBe(at);
});

it('the due instant is 00:00 in the zone + elapsed hours', () => {
  expect(dueInstant('2026-12-01', 0, TZ).toISOString()).toBe('2026-11-30T22:00:00.000Z');
  expect(dueInstant('2026-12-01', 0, 'UTC').toISOString()).toBe('2026-12-01T00:00:00.000Z');
  expect(dueInstant('2026-12-01', 0, 'America/New_York').toISOString()).toBe('2026-12-01T05:00:00.000Z');
  expect(weekdayOf('2026-11-29')).toBe(0);
  expect(weekdayOf('2026-11-28')).toBe(6);
});

it.each([
  ['yesterday', '2026-12-01', '2026-11-30', '2026-11-30'],
  ['yesterday', '2027-01-01', '2026-12-31', '2026-12-31'],
  ['last7days', '2026-12-01', '2026-11-24', '2026-11-30'],
  ['last7days', '2026-03-03', '2026-02-24', '2026-03-02'],
  // 2026-11-29 is a Sunday: last week is Sun 22 – Sat 28; from a Wednesday the same.
  ['lastWeek', '2026-11-29', '2026-11-22', '2026-11-28'],
  ['lastWeek', '2026-12-02', '2026-11-22', '2026-11-28'],
  ['lastWeek', '2026-12-05', '2026-11-22', '2026-11-28'],
  ['lastMonth', '2026-12-01', '2026-11-01', '2026-11-30'],
  ['lastMonth', '2026-03-01', '2026-02-01', '2026-02-28'],
  ['lastMonth', '2028-03-01', '2028-02-01', '2028-02-29'],
  ['lastMonth', '2027-01-01', '2026-12-01', '2026-12-31'],
  ['lastMonth', '2026-05-15', '2026-04-01', '2026-04-30'],
  ['monthToDate', '2026-12-15', '2026-12-01', '2026-12-14'],
  ['monthToDate', '2026-12-01', '2026-11-01', '2026-11-30'],
  ['monthToDate', '2026-03-01', '2026-02-01', '2026-02-28'],
] as const)('%s due on %s reports %s – %s', (period, dueDay, from, to) => {
  expect(periodOf(period as SchedulePeriod, dueDay)).toEqual({ from, to });
});

it('no period ever names a day its month does not have', () => {
  const real = (d: string) => new Date(`${d}T00:00:00Z`).toISOString().slice(0, 10) === d;
  for (let i = 0; i < 800; i++) {
    const day = new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10);
    for (const p of ['yesterday', 'last7days', 'lastWeek', 'lastMonth', 'monthToDate'] as const) {
      const r = periodOf(p, day);
      expect(real(r.from) && real(r.to) && r.from <= r.to && r.to < day).toBe(true);
    }
  }
});
