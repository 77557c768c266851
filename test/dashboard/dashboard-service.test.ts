import { setActivityStatusFor } from '../../lambdas/modules/activities/activities';
import { scheduleActivity } from '../../lambdas/modules/media-plans/activity-schedule';
import { approveVersion, submitVersion } from '../../lambdas/modules/media-plans/plans';
import { getActivity } from '../../lambdas/modules/activities/store.dynamodb';
import { RollupBook } from '../../lambdas/modules/performance-data/daily-stat-store.dynamodb';
import { refreshMonthSummaries } from '../../lambdas/modules/performance-data/month-summary-store.dynamodb';
import type { UserProfile } from '../../lambdas/modules/tenancy/profile-store';
import { setActivityStatus } from '../../lambdas/modules/activities/schemas';
import { ActivityStatus } from '../../lambdas/shared/activity-status';
import { addDaysTo, DEFAULT_TIME_ZONE } from '../../lambdas/shared/calendar';
import { todayIn } from '../../lambdas/shared/company-day';
import { Permission, Role } from '../../lambdas/shared/permissions';
import type { ManagerDashboard, PlannerDashboard } from '../../lambdas/modules/dashboards/replies';
import { channelType, current, seedActivity, seedLine, seedVersion, seedRate } from '../support/media-plans';
import { invoke, makeCompany, makeUser, type Company } from '../support/world';
import { statOn } from '../support/daily-stats';

/**
 * DashboardService on DynamoDB Local, actuals written through the sync's rollup store (RollupBook) and its month summaries.
 * Today T; every line runs T-30 .. T+9 (40 days) with a budget of 4,000 (100 a day planned); the
 * period asked is T-10 .. T-1 (10 complete days). The company's default currency is ILS; USD → ILS 3.5.
 * - "Spring" (main account, ILS, live): "Search" 10 % management fee, spends 50.00 a day; "Social"
 *   (Meta) 20 % management + 5 % system fee, 200.00 a day. Period: 500 + 2,000 = 2,500 spent, 2,000
 *   planned; fees 50 + 400 management, 100 system. Plan pacing 7,500 of 6,000 = 125 % → over.
 * - "Elsewhere" (other account, USD, live): "Search" 10 %, 10.00 USD a day = 35.00 ILS. Period: 350
 *   ILS spent, 1,000 USD = 3,500 ILS planned (the plan's fixed rate), fee 35. 300 of 3,000 → 10 % → under.
 * - "Cancelled" (main, approved then cancelled): spends 5.00 a day on Search; its plan is not planned spend.
 * Totals: actual 2,500 + 350 + 50 = 2,900; planned 5,500; management 485 + 5 = 490, system 100.
 */
let c: Company;
let restricted: UserProfile;
const T = todayIn(DEFAULT_TIME_ZONE);
const d = (n: number) => addDaysTo(T, n);
const period = { from: d(-10), to: d(-1) };
const ids = { spring: 0, elsewhere: 0, cancelled: 0 };

const stat = statOn(T);

interface LinePlan {
  Name: string;
  type: string;
  mgmt: number;
  sys: number;
  daily: number;
}

async function plan(
  co: Company,
  accountId: number,
  name: string,
  currency: 'ILS' | 'USD',
  lines: LinePlan[],
  live: boolean,
) {
  const activity = await seedActivity(co, { accountId, start: d(-40), end: d(20), name });
  const version = await seedVersion(co, activity);
  const saved: Awaited<ReturnType<typeof seedLine>>[] = [];
  for (const l of lines) {
    const type = await channelType(co, l.type, accountId);
    saved.push(
      await seedLine(co, version, {
        Name: l.Name,
        StartDate: d(-30),
        EndDate: d(9),
        Budget: 4000,
        BuyType: 'CPM',
        UnitCost: 20,
        ManagementFeePct: l.mgmt,
        SystemFeePct: l.sys,
        AccountChannelTypeId: type.ID,
      }),
    );
  }
  const draft = await current(co, version.ID);
  const submitted = await submitVersion(co.planner, activity.AccountId, {
    mediaMixId: version.ID,
    version: draft.version,
  });
  await approveVersion(co.approver, activity.AccountId, { mediaMixId: version.ID, version: submitted.version });
  await scheduleActivity(co.companyId, activity.ID);
  if (!live) {
    const a = await getActivity(co.companyId, activity.ID, true);
    await setActivityStatusFor(
      co.admin,
      setActivityStatus.parse({ activityId: activity.ID, status: ActivityStatus.Cancelled, version: a!.version }),
      accountId,
    );
  }
  const book = new RollupBook(co.companyId, 'meta_ads', `act-${activity.ID}`);
  lines.forEach((l, i) => {
    for (let n = -30; n <= -1; n++) {
      book.change(
        undefined,
        stat({
          LineId: saved[i].ID,
          ActivityId: activity.ID,
          AccountId: accountId,
          Date: d(n),
          Currency: currency,
          SpendMicros: l.daily * 1_000_000,
          CampaignId: `c${i}`,
        }),
      );
    }
  });
  await book.flush();
  await refreshMonthSummaries(co.companyId, 'meta_ads', `act-${activity.ID}`, book.takeTouched());
  return activity;
}

const manager = async (
  body: Record<string, unknown>,
  as: UserProfile = c.analyst,
  accountId?: number,
): Promise<ManagerDashboard> => {
  const r = await invoke('DashboardService', 'GetManagerDashboard', { as, body, ...(accountId ? { accountId } : {}) });
  expect(r.status).toBe(200);
  return r.body.Response as ManagerDashboard;
};

beforeAll(async () => {
  c = await makeCompany('Dashboard Agency');
  await seedRate(c, d(-60), 'USD', 'ILS', 3.5);
  restricted = await makeUser(c.companyId, Role.Analyst, [Permission.ManagementReports], {
    accountAccess: [c.accounts.main.ID],
  });
  ids.spring = (
    await plan(
      c,
      c.accounts.main.ID,
      'Spring',
      'ILS',
      [
        { Name: 'Search', type: 'Google Search', mgmt: 10, sys: 0, daily: 50 },
        { Name: 'Social', type: 'Meta (Facebook)', mgmt: 20, sys: 5, daily: 200 },
      ],
      true,
    )
  ).ID;
  ids.elsewhere = (
    await plan(
      c,
      c.accounts.other.ID,
      'Elsewhere',
      'USD',
      [{ Name: 'Search', type: 'Google Search', mgmt: 10, sys: 0, daily: 10 }],
      true,
    )
  ).ID;
  ids.cancelled = (
    await plan(
      c,
      c.accounts.main.ID,
      'Cancelled',
      'ILS',
      [{ Name: 'Quiet', type: 'Google Search', mgmt: 10, sys: 0, daily: 5 }],
      false,
    )
  ).ID;
  // Another company with spend of its own: never in this company's figures.
  const stranger = await makeCompany('Stranger Agency');
  await seedRate(stranger, d(-60), 'USD', 'ILS', 3.5);
  await plan(
    stranger,
    stranger.accounts.main.ID,
    'Theirs',
    'ILS',
    [{ Name: 'Search', type: 'Google Search', mgmt: 10, sys: 0, daily: 999 }],
    true,
  );
}, 120_000);

describe('GetManagerDashboard', () => {
  it('sums the tiles by hand: actual, planned, projected, fees, live activities and the share of spend by pacing', async () => {
    const r = await manager(period);
    expect(r).toMatchObject({
      Currency: 'ILS',
      From: period.from,
      To: period.to,
      Today: T,
      ActualSpend: 2900,
      PlannedToDate: 5500,
      ProjectedSpend: 2900,
      ManagementFees: 490,
      SystemFees: 100,
      FeesEarned: 590,
      LiveActivities: 2,
      ActivitiesRead: 3,
      Truncated: false,
      LinesRead: 2,
      EstimatedActivities: 0,
    });
    expect(r.PaceShare).toMatchObject({
      Over: 2500,
      Under: 350,
      OnPace: 0,
      NotPaced: 50,
      OverPct: 86.21,
      UnderPct: 12.07,
      NotPacedPct: 1.72,
    });
  });

  it('lists the over- and under-pacing activities, ordered, with the ids of their performance pages', async () => {
    const r = await manager(period);
    expect(r.TopOver.map((a) => [a.ActivityId, a.PacingPct])).toEqual([[ids.spring, 125]]);
    expect(r.TopOver[0]).toMatchObject({
      AccountId: c.accounts.main.ID,
      ActivityName: 'Spring',
      CurrencyCode: 'ILS',
      ActualToDate: 7500,
      PlannedToDate: 6000,
      ProjectedEndSpend: 10000,
    });
    expect(r.TopOver[0].MediaMixId).toBeGreaterThan(0);
    expect(r.TopUnder.map((a) => [a.ActivityId, a.PacingPct, a.CurrencyCode])).toEqual([[ids.elsewhere, 10, 'USD']]);
  });

  it('breaks the spend down by channel group and by account, largest first', async () => {
    const r = await manager(period);
    expect(r.SpendByChannelGroup.map((s) => [s.Key, s.Spend])).toEqual([
      ['Social', 2000],
      ['Search', 900],
    ]);
    expect(r.SpendByAccount.map((s) => [s.Key, s.Label, s.Spend])).toEqual([
      [String(c.accounts.main.ID), 'Main Client', 2550],
      [String(c.accounts.other.ID), 'Other Client', 350],
    ]);
  });

  it('projects this month from the last 7 complete days and defaults to it', async () => {
    const r = await manager({});
    expect(r.From).toBe(`${T.slice(0, 7)}-01`);
    expect(r.To).toBe(T);
    // Spend stops yesterday: the projection adds the daily average of the last complete days × the days
    // left to the month's end (today included); on the 1st there is no complete day, so no projection.
    const monthEnd = new Date(Date.UTC(Number(T.slice(0, 4)), Number(T.slice(5, 7)), 0)).toISOString().slice(0, 10);
    const daysLeft = Math.round((Date.parse(monthEnd) - Date.parse(T)) / 86_400_000) + 1;
    const daily = 250 + 35 + 5;
    if (r.CompleteDays === 0) expect([r.ProjectedSpend, r.ProjectedTo]).toEqual([null, null]);
    else expect([r.ProjectedSpend, r.ProjectedTo]).toEqual([r.ActualToDate + daily * daysLeft, monthEnd]);
  });

  it('shows only the accounts the caller sees; a client user is refused', async () => {
    const mine = await manager(period, restricted);
    expect(mine).toMatchObject({ ActualSpend: 2550, LiveActivities: 1, PlannedToDate: 2000 });
    expect(mine.TopUnder).toEqual([]);
    const refused = await invoke('DashboardService', 'GetManagerDashboard', { as: c.client, body: period });
    expect(refused.status).toBe(403);
    const narrowed = await manager({ ...period, accountId: c.accounts.other.ID });
    expect(narrowed).toMatchObject({ Currency: 'USD', ActualSpend: 100, LiveActivities: 1 });
  });
});

describe('GetPlannerDashboard', () => {
  it("lists the caller's live activities with pacing and open alerts (every visible one when they created none)", async () => {
    const r = await invoke('DashboardService', 'GetPlannerDashboard', { as: c.planner, body: {} });
    expect(r.status).toBe(200);
    const home = r.body.Response as PlannerDashboard;
    expect(home.Mine).toBe(false);
    expect(home.Activities.map((a) => a.ActivityId).sort()).toEqual([ids.spring, ids.elsewhere].sort());
    const spring = home.Activities.find((a) => a.ActivityId === ids.spring)!;
    // The plan is over; its lines: Search 1,500 of 3,000 (under), Social 6,000 of 3,000 (over).
    expect(spring).toMatchObject({ PacingPct: 125, Status: 'over', OpenAlerts: 3, ProjectedEndSpend: 10000 });
    const refused = await invoke('DashboardService', 'GetPlannerDashboard', { as: c.client, body: {} });
    expect(refused.status).toBe(403);
  });
});
