import { saveAccountConnectorFor } from '../../lambdas/modules/connectors/account-connectors';
import { saveAgentConnectorFor } from '../../lambdas/modules/connectors/agent-connectors';
import { saveColumnFor } from '../../lambdas/modules/custom-columns/columns';
import { approveVersion, submitVersion } from '../../lambdas/modules/media-plans/plans';
import { createNextVersion } from '../../lambdas/modules/media-plans/versions';
import { recordAgentConnectorHealth } from '../../lambdas/modules/connectors/connector-store.dynamodb';
import { RollupBook } from '../../lambdas/modules/performance-data/daily-stat-store.dynamodb';
import { addDaysTo, DEFAULT_TIME_ZONE } from '../../lambdas/shared/calendar';
import { todayIn } from '../../lambdas/shared/company-day';
import type { ActivityPerformance, PerformanceLine } from '../../lambdas/modules/performance/replies';
import { expectError, expectOk } from '../media-plans/helpers';
import { current, seedActivity, seedLine, seedVersion, seedRate } from '../support/media-plans';
import { invoke, makeCompany, type Company } from '../support/world';
import { statOn } from '../support/daily-stats';

/**
 * PerformanceService.GetActivityPerformance on DynamoDB Local, with actuals written through the
 * sync's own store (RollupBook). Every expected figure is worked out by hand below from
 * docs/domain.md and docs/pacing-and-billing.md, not read from the code.
 *
 * The main account plans in ILS. Today T = the company's day; lines run T-30 .. T+9 (40 days), so
 * 30 days are elapsed (T-30 .. T-1) and 10 are left (T .. T+9); planned to date = budget × 30/40
 * (each month's share is pro rata by its days and exact here: 4,000.00 × k/40 is whole cents).
 * Restatement window 28 days: provisional from T-27.
 * - "Over" (CPM 20, 4,000): 200.00 ILS a day on all 30 days → actual 6,000 → 200 % → over, alert.
 *   Projection 6,000 + 200 × 10 = 8,000; amount left −2,000; daily needed 0. 27 of 30 days provisional.
 * - "Under, USD" (CPC 2, 4,000): 10 USD a day T-10 .. T-1, 5 clicks a day. Rates USD→ILS 3.5 from
 *   T-60 and 4.0 from T-5: 5 × 35 + 5 × 40 = 375.00 ILS → 12.50 % → under, alert. Last 7 days: 2 × 35
 *   + 5 × 40 = 270 → average 38.57, projection 375 + 270 × 10 / 7 = 760.71; daily needed
 *   (4,000 − 375) / 10 = 362.50. KPIs: 50 clicks, CPC 375 / 50 = 7.50 (planned 2,000 clicks at 2.00).
 *   The version was approved at T's rate, 4.0: the 100 USD at the plan's rate = 400.00, so the
 *   exchange-rate effect is 375 − 400 = −25.00. All days provisional.
 * - "Zero" (budget 0): no pacing % (ZERO_PLAN), no alert; 0 clicks → CPC 0 (a division by zero shows 0).
 * Plan: budget 8,000, planned to date 6,000, actual 6,375 → 106.25 % → on pace (90..110).
 */
let c: Company;
const T = todayIn(DEFAULT_TIME_ZONE);
const d = (n: number) => addDaysTo(T, n);

const stat = statOn(T);

const call = (body: unknown, as = c.planner, accountId = c.accounts.main.ID) =>
  invoke('PerformanceService', 'GetActivityPerformance', { as, body, accountId });

let activityId: number;
let versionId: number;
let lineIds: { over: number; under: number; zero: number };
const cols = { cpc: 0, cpa: 0, ctr: 0 };

beforeAll(async () => {
  c = await makeCompany('Activity performance Agency');
  await seedRate(c, d(-60), 'USD', 'ILS', 3.5);
  await seedRate(c, d(-5), 'USD', 'ILS', 4);
  const activity = await seedActivity(c, { start: d(-40), end: d(20), name: 'Spring flight' });
  activityId = activity.ID;
  const version = await seedVersion(c, activity);
  const line = (Name: string, spec: Parameters<typeof seedLine>[2]) =>
    seedLine(c, version, { Name, StartDate: d(-30), EndDate: d(9), ...spec });
  const over = await line('Over', { Budget: 4000, BuyType: 'CPM', UnitCost: 20 });
  const under = await line('Under, USD', { Budget: 4000, BuyType: 'CPC', UnitCost: 2 });
  const zero = await line('Zero', { Budget: 0, BuyType: 'CPC', UnitCost: 1 });
  lineIds = { over: over.ID, under: under.ID, zero: zero.ID };
  const submitted = await submitVersion(c.planner, activity.AccountId, {
    mediaMixId: version.ID,
    version: (await current(c, version.ID)).version,
  });
  await approveVersion(c.approver, activity.AccountId, { mediaMixId: version.ID, version: submitted.version });
  versionId = version.ID;

  // The actuals, through the sync's rollup store (one source account per platform).
  const target = (LineId: number) => ({ LineId, ActivityId: activity.ID, AccountId: c.accounts.main.ID });
  const ils = new RollupBook(c.companyId, 'meta_ads', 'act-1');
  for (let n = -30; n <= -1; n++)
    ils.change(undefined, stat({ ...target(over.ID), Date: d(n), SpendMicros: 200_000_000, Impressions: 10_000 }));
  await ils.flush();
  const usd = new RollupBook(c.companyId, 'google_ads', '111-222');
  for (let n = -10; n <= -1; n++)
    usd.change(
      undefined,
      stat({ ...target(under.ID), Date: d(n), Currency: 'USD', SpendMicros: 10_000_000, Clicks: 5, Impressions: 100 }),
    );
  // Today's partial day is not "to date".
  usd.change(undefined, stat({ ...target(under.ID), Date: T, Currency: 'USD', SpendMicros: 99_000_000, Clicks: 1 }));
  await usd.flush();

  // A connection feeding the account, in Error: the alert's basis says so.
  const agent = await saveAgentConnectorFor(c.admin, { ID: 0, ConnectorId: 4, Name: 'Agency CSV' });
  await saveAccountConnectorFor(c.admin, c.accounts.main.ID, {
    ID: 0,
    AccountId: c.accounts.main.ID,
    AgentConnectorId: agent.ID,
    ExternalAccountIds: ['act-1'],
    NamingRule: '',
  });
  await recordAgentConnectorHealth(c.companyId, agent.ID, { Status: 'Error', LastError: 'The file could not be read' });

  // Performance custom columns (and a media plan one, which is not shown here).
  const column = (
    Name: string,
    Formula: string,
    Format: 'number' | 'currency' | 'percent',
    Scope: 'performance' | 'mediaPlan' = 'performance',
  ) => saveColumnFor(c.admin, { ID: 0, Name, Formula, Format, Scope });
  cols.cpc = (await column('My CPC', 'spend / clicks', 'currency')).ID;
  cols.cpa = (await column('My CPA', 'spend / conversions', 'currency')).ID;
  cols.ctr = (await column('My CTR', 'clicks / impressions', 'percent')).ID;
  await column('Plan net', 'net * 2', 'number', 'mediaPlan');
});

const lineOf = (r: ActivityPerformance, id: number): PerformanceLine => r.Lines.find((l) => l.LineId === id)!;

describe('GetActivityPerformance', () => {
  it('paces each line and the plan through yesterday, with projection, daily need, KPIs and the exchange-rate effect', async () => {
    const r = expectOk(await call({ activityId, mediaMixId: versionId })) as ActivityPerformance;
    expect(r).toMatchObject({
      ActivityName: 'Spring flight',
      Version: 1,
      CurrencyCode: 'ILS',
      Today: T,
      AsOf: d(-1),
      ProvisionalFrom: d(-27),
      RestatementDays: 28,
      StartDate: d(-30),
      EndDate: d(9),
      ActualsAlsoFrom: null,
    });

    const over = lineOf(r, lineIds.over);
    expect(over.ActualLineIds).toEqual([lineIds.over]);
    expect(over.Pacing).toMatchObject({
      Phase: 'live',
      PlannedBudget: 4000,
      PlannedToDate: 3000,
      ActualToDate: 6000,
      PacingPct: 200,
      Status: 'over',
      Alert: 'over',
      DaysLeft: 10,
      AverageDailySpend: 200,
      ProjectedEndSpend: 8000,
      AmountLeft: -2000,
      DailySpendNeeded: 0,
    });
    expect(over.Pacing.Basis).toMatchObject({
      ElapsedDays: 30,
      DaysOfData: 30,
      ProvisionalDays: 27,
      ProvisionalSharePct: 90,
      ConnectorHealth: 'Error',
      UnhealthyConnectors: ['Agency CSV'],
    });
    expect(over.Pacing.Basis.Notes).toEqual(['MOSTLY_PROVISIONAL', 'CONNECTOR_UNHEALTHY']);
    // 300,000 impressions for 6,000.00 → CPM 20.00; planned 4,000 / 20 × 1000 = 200,000 impressions.
    expect(over.Kpis.Actual).toMatchObject({ Impressions: 300_000, Spend: 6000, Cpm: 20, Clicks: 0, Ctr: 0, Cpc: 0 });
    expect(over.Kpis.Planned).toMatchObject({ Impressions: 200_000, Cpm: 20, Clicks: null, Cpc: null });
    expect(over.Fx).toEqual({ AtDayRates: 6000, AtPlanRate: 6000, Effect: 0, Gap: null, ForeignCurrencies: [] });

    const under = lineOf(r, lineIds.under);
    expect(under.Pacing).toMatchObject({
      PlannedToDate: 3000,
      ActualToDate: 375,
      PacingPct: 12.5,
      Status: 'under',
      Alert: 'under',
      AverageDailySpend: 38.57,
      ProjectedEndSpend: 760.71,
      AmountLeft: 3625,
      DailySpendNeeded: 362.5,
    });
    expect(under.Pacing.Basis).toMatchObject({ DaysOfData: 10, ProvisionalDays: 10, ProvisionalSharePct: 100 });
    expect(under.Pacing.Basis.Notes).toEqual(['MISSING_DAYS', 'ALL_PROVISIONAL', 'CONNECTOR_UNHEALTHY']);
    expect(under.Kpis.Actual).toMatchObject({ Clicks: 50, Spend: 375, Cpc: 7.5 });
    expect(under.Kpis.Planned).toMatchObject({ Clicks: 2000, Cpc: 2 });
    expect(under.Fx).toEqual({ AtDayRates: 375, AtPlanRate: 400, Effect: -25, Gap: null, ForeignCurrencies: ['USD'] });

    const zero = lineOf(r, lineIds.zero);
    expect(zero.Pacing).toMatchObject({
      PlannedBudget: 0,
      ActualToDate: 0,
      PacingPct: null,
      PacingNullReason: 'ZERO_PLAN',
      Status: null,
      Alert: null,
    });
    expect(zero.Kpis.Actual).toMatchObject({ Spend: 0, Clicks: 0, Cpc: 0, Ctr: 0, Roas: 0 });

    expect(r.Pacing).toMatchObject({
      PlannedBudget: 8000,
      PlannedToDate: 6000,
      ActualToDate: 6375,
      PacingPct: 106.25,
      Status: 'on_pace',
      Alert: null,
      ProjectedEndSpend: 8760.71,
      AmountLeft: 1625,
    });
    expect(r.Fx).toMatchObject({ AtDayRates: 6375, AtPlanRate: 6400, Effect: -25 });
    expect(r.Connectors).toEqual([
      expect.objectContaining({ Name: 'Agency CSV', Status: 'Error', LastError: 'The file could not be read' }),
    ]);
  });

  it('plans KPIs to date pro rata (30 of 40 days) and evaluates the performance custom columns per line and for the plan', async () => {
    const r = expectOk(await call({ activityId, mediaMixId: versionId })) as ActivityPerformance;
    // Over (CPM 20): planned to date 3,000.00 → 3,000 / 20 × 1000 = 150,000 impressions; no clicks planned.
    expect(lineOf(r, lineIds.over).Kpis.PlannedToDate).toMatchObject({
      Spend: 3000,
      Impressions: 150_000,
      Cpm: 20,
      Clicks: null,
      Cpc: null,
    });
    // Under (CPC 2): 3,000.00 / 2 = 1,500 clicks.
    expect(lineOf(r, lineIds.under).Kpis.PlannedToDate).toMatchObject({
      Spend: 3000,
      Clicks: 1500,
      Cpc: 2,
      Impressions: null,
    });
    // The plan: 6,000 to date; no count is planned by every line (CPM and CPC lines).
    expect(r.Kpis.PlannedToDate).toMatchObject({ Spend: 6000, Impressions: null, Clicks: null });

    expect(r.CustomColumns).toEqual([
      { Id: cols.cpa, Name: 'My CPA', Format: 'currency' },
      { Id: cols.cpc, Name: 'My CPC', Format: 'currency' },
      { Id: cols.ctr, Name: 'My CTR', Format: 'percent' },
    ]);
    const under = lineOf(r, lineIds.under).Custom;
    // 375.00 / 50 clicks = 7.50; no conversions: a division by zero is 0; 50 clicks / 1,000 impressions.
    expect(under[String(cols.cpc)]).toBe(7.5);
    expect(under[String(cols.cpa)]).toBe(0);
    expect(under[String(cols.ctr)]).toBeCloseTo(0.05, 10);
    expect(lineOf(r, lineIds.zero).Custom[String(cols.cpc)]).toBe(0);
    // The plan: over the plan's sums (6,375.00 / 50 clicks = 127.50), not a sum of the lines' values (7.50 + 0 + 0).
    expect(r.Custom[String(cols.cpc)]).toBe(127.5);
    expect(r.Custom[String(cols.ctr)]).toBeCloseTo(50 / 301_000, 12);
  });

  it('gives the daily series: provisional days marked, cumulative planned and actual, the projection to the end', async () => {
    const r = expectOk(await call({ activityId, mediaMixId: versionId })) as ActivityPerformance;
    expect(r.Days).toHaveLength(40);
    const day = (n: number) => r.Days.find((x) => x.Day === d(n))!;
    expect(r.SeriesLines.map((s) => s.LineId)).toEqual([lineIds.over, lineIds.under, lineIds.zero]);
    expect(day(-28)).toMatchObject({
      Provisional: false,
      Spend: 200,
      ByLine: [200, 0, 0],
      CumulativeActual: 600,
      CumulativePlanned: 600,
      Projection: null,
    });
    expect(day(-27).Provisional).toBe(true);
    // T-6 is the last day at 3.5, T-5 the first at 4.0.
    expect(day(-6)).toMatchObject({ Spend: 235, ByLine: [200, 35, 0] });
    expect(day(-5)).toMatchObject({ Spend: 240, ByLine: [200, 40, 0] });
    // Yesterday: the actual to date, where the projection starts.
    expect(day(-1)).toMatchObject({
      CumulativeActual: 6375,
      CumulativePlanned: 6000,
      Projection: 6375,
      Provisional: true,
    });
    expect(day(0)).toMatchObject({ Spend: null, ByLine: [], CumulativeActual: null, Provisional: false });
    // The last day: the whole budget planned, the projected end spend reached.
    expect(day(9)).toMatchObject({ CumulativePlanned: 8000, Projection: 8760.71 });
    // The sum of the days' spend is the actual to date (no spend outside the flight here).
    expect(r.Days.reduce((s, x) => s + (x.Spend ?? 0), 0)).toBeCloseTo(6375, 2);
  });

  it("reads a newer version's actuals on the lines it was copied from, and says which version it compared with", async () => {
    const v2 = await createNextVersion(c.planner, c.accounts.main.ID, versionId);
    const r = expectOk(await call({ activityId, mediaMixId: v2.ID })) as ActivityPerformance;
    expect(r).toMatchObject({ Version: 2, ActualsAlsoFrom: { MediaMixId: versionId, Version: 1 } });
    const over = r.Lines.find((l) => l.Name === 'Over')!;
    expect(over.ActualLineIds).toEqual([over.LineId, lineIds.over]);
    expect(over.Pacing.ActualToDate).toBe(6000);
    // The Draft has no rate of its own: the approved version's rate is the plan's.
    expect(r.Fx).toMatchObject({ Effect: -25 });
  });

  it('refuses a version of another activity (404), an activity of another account (403), and a client-only user (403)', async () => {
    const elsewhere = await seedActivity(c, { accountId: c.accounts.other.ID, start: d(-5), end: d(5) });
    const otherVersion = await seedVersion(c, elsewhere);
    expectError(await call({ activityId, mediaMixId: otherVersion.ID }), 404);
    expectError(await call({ activityId: elsewhere.ID, mediaMixId: otherVersion.ID }), 403);
    expectError(await call({ activityId, mediaMixId: versionId }, c.client), 403);
    expectError(await call({ activityId }), 400);
  });
});
