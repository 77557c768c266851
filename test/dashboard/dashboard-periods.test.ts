import { scheduleActivity } from '../../lambdas/modules/media-plans/activity-schedule';
import { approveVersion, submitVersion } from '../../lambdas/modules/media-plans/plans';
import { RollupBook } from '../../lambdas/modules/performance-data/daily-stat-store.dynamodb';
import type { StoredStat } from '../../lambdas/modules/performance-data/daily-stat-store';
import { refreshMonthSummaries } from '../../lambdas/modules/performance-data/month-summary-store.dynamodb';
import { addDaysTo } from '../../lambdas/shared/calendar';
import { fixClock } from '../../lambdas/shared/company-day';
import type { ManagerDashboard } from '../../lambdas/modules/dashboards/replies';
import { current, seedActivity, seedLine, seedVersion, seedRate } from '../support/media-plans';
import { invoke, makeCompany, type Company } from '../support/world';

/**
 * The manager dashboard's period figures around month, quarter and year starts, with a fixed clock
 * in the company's time zone (Asia/Jerusalem, the default: UTC+2 in winter, UTC+3 from late March).
 * One live activity, one line 2026-11-01 .. 2027-04-30 (181 days) of budget 18,100: 100.00 planned
 * a day; it spends 80.00 every day of the flight (the stored rows run past "today": they must not count).
 */
let c: Company;
const START = '2026-11-01';
const END = '2027-04-30';
const DAILY = 80;
const PLANNED = 100;

async function seedFlight(co: Company): Promise<void> {
  const activity = await seedActivity(co, { start: START, end: END, name: 'Winter', budget: 18_100 });
  const version = await seedVersion(co, activity);
  const line = await seedLine(co, version, { Name: 'Search', StartDate: START, EndDate: END, Budget: 18_100 });
  const draft = await current(co, version.ID);
  const submitted = await submitVersion(co.planner, activity.AccountId, {
    mediaMixId: version.ID,
    version: draft.version,
  });
  await approveVersion(co.approver, activity.AccountId, { mediaMixId: version.ID, version: submitted.version });
  await scheduleActivity(co.companyId, activity.ID);
  const book = new RollupBook(co.companyId, 'meta_ads', `act-${activity.ID}`);
  for (let day = START; day <= END; day = addDaysTo(day, 1)) {
    const stat: StoredStat = {
      Date: day,
      CampaignId: 'c1',
      CampaignName: 'Campaign',
      Currency: 'ILS',
      LineId: line.ID,
      ActivityId: activity.ID,
      AccountId: activity.AccountId,
      Impressions: 0,
      Clicks: 0,
      SpendMicros: DAILY * 1_000_000,
      ConversionsMilli: 0,
      ConversionValueMicros: 0,
      VideoViews: 0,
    };
    book.change(undefined, stat);
  }
  await book.flush();
  await refreshMonthSummaries(co.companyId, 'meta_ads', `act-${activity.ID}`, book.takeTouched());
}

beforeAll(async () => {
  c = await makeCompany('Periods Agency');
  await seedRate(c, '2026-10-01', 'USD', 'ILS', 3.5);
  await seedFlight(c);
}, 180_000);

afterAll(() => fixClock(null));

interface Case {
  name: string;
  /** The instant (UTC) the clock is fixed at. */
  at: string;
  body: Record<string, unknown>;
  want: Pick<
    ManagerDashboard,
    'Today' | 'From' | 'To' | 'CompleteDays' | 'ActualSpend' | 'ActualToDate' | 'PlannedToDate' | 'ProjectedSpend'
  >;
}

const CASES: Case[] = [
  {
    name: 'this month at 00:30 on Dec 1 (UTC still says Nov 30): no complete day, no projection, today counted apart',
    at: '2026-11-30T22:30:00Z',
    body: {},
    want: {
      Today: '2026-12-01',
      From: '2026-12-01',
      To: '2026-12-01',
      CompleteDays: 0,
      ActualSpend: DAILY,
      ActualToDate: 0,
      PlannedToDate: 0,
      ProjectedSpend: null,
    },
  },
  {
    name: 'last month on Dec 1: the whole of November, ended, projected = actual',
    at: '2026-11-30T22:30:00Z',
    body: { period: '4' },
    want: {
      Today: '2026-12-01',
      From: '2026-11-01',
      To: '2026-11-30',
      CompleteDays: 30,
      ActualSpend: 30 * DAILY,
      ActualToDate: 30 * DAILY,
      PlannedToDate: 30 * PLANNED,
      ProjectedSpend: 30 * DAILY,
    },
  },
  {
    name: 'this month at 23:30 on Nov 30: 29 complete days, today left to project',
    at: '2026-11-30T21:30:00Z',
    body: {},
    want: {
      Today: '2026-11-30',
      From: '2026-11-01',
      To: '2026-11-30',
      CompleteDays: 29,
      ActualSpend: 30 * DAILY,
      ActualToDate: 29 * DAILY,
      PlannedToDate: 29 * PLANNED,
      ProjectedSpend: 30 * DAILY,
    },
  },
  {
    name: 'this month on Dec 2: one complete day is the basis of the projection (30 days left, today included)',
    at: '2026-12-01T22:30:00Z',
    body: {},
    want: {
      Today: '2026-12-02',
      From: '2026-12-01',
      To: '2026-12-02',
      CompleteDays: 1,
      ActualSpend: 2 * DAILY,
      ActualToDate: DAILY,
      PlannedToDate: PLANNED,
      ProjectedSpend: 31 * DAILY,
    },
  },
  {
    name: 'a quarter and a year asked on Jan 1 (year and quarter start): no complete day',
    at: '2026-12-31T22:30:00Z',
    body: { from: '2027-01-01', to: '2027-03-31' },
    want: {
      Today: '2027-01-01',
      From: '2027-01-01',
      To: '2027-03-31',
      CompleteDays: 0,
      ActualSpend: DAILY,
      ActualToDate: 0,
      PlannedToDate: 0,
      ProjectedSpend: null,
    },
  },
  {
    name: 'this month on Jan 1',
    at: '2026-12-31T22:30:00Z',
    body: { period: '3' },
    want: {
      Today: '2027-01-01',
      From: '2027-01-01',
      To: '2027-01-01',
      CompleteDays: 0,
      ActualSpend: DAILY,
      ActualToDate: 0,
      PlannedToDate: 0,
      ProjectedSpend: null,
    },
  },
  {
    name: 'the year asked at 23:30 on Dec 31: through Dec 30, today projected from the last 7 days',
    at: '2026-12-31T21:30:00Z',
    body: { from: '2026-01-01', to: '2026-12-31' },
    want: {
      Today: '2026-12-31',
      From: '2026-01-01',
      To: '2026-12-31',
      CompleteDays: 364,
      ActualSpend: 61 * DAILY,
      ActualToDate: 60 * DAILY,
      PlannedToDate: 60 * PLANNED,
      ProjectedSpend: 61 * DAILY,
    },
  },
  {
    name: 'a quarter asked at 00:30 on Apr 1 (summer time, UTC+3)',
    at: '2027-03-31T21:30:00Z',
    body: { from: '2027-04-01', to: '2027-06-30' },
    want: {
      Today: '2027-04-01',
      From: '2027-04-01',
      To: '2027-06-30',
      CompleteDays: 0,
      ActualSpend: DAILY,
      ActualToDate: 0,
      PlannedToDate: 0,
      ProjectedSpend: null,
    },
  },
  {
    name: 'last month on Apr 1: March, 31 days',
    at: '2027-03-31T21:30:00Z',
    body: { period: '4' },
    want: {
      Today: '2027-04-01',
      From: '2027-03-01',
      To: '2027-03-31',
      CompleteDays: 31,
      ActualSpend: 31 * DAILY,
      ActualToDate: 31 * DAILY,
      PlannedToDate: 31 * PLANNED,
      ProjectedSpend: 31 * DAILY,
    },
  },
];

describe('GetManagerDashboard around period starts (fixed clock, company time zone)', () => {
  it.each(CASES)('$name', async ({ at, body, want }) => {
    fixClock(Date.parse(at));
    const r = await invoke('DashboardService', 'GetManagerDashboard', { as: c.analyst, body });
    expect(r.status).toBe(200);
    const got = r.body.Response as ManagerDashboard;
    expect(got).toMatchObject(want);
    // Every figure is a number (or, for the projection, null when it has no basis): never NaN or a ratio of nothing.
    for (const v of [
      got.ActualSpend,
      got.ActualToDate,
      got.PlannedToDate,
      got.PaceShare.OverPct,
      got.PaceShare.UnderPct,
    ])
      expect(Number.isFinite(v)).toBe(true);
    if (got.CompleteDays === 0) expect(got.PaceShare).toMatchObject({ Over: 0, Under: 0, OnPace: 0, NotPaced: 0 });
  });
});
