import { saveAccountConnectorFor } from '../../lambdas/modules/connectors/account-connectors';
import { saveAgentConnectorFor } from '../../lambdas/modules/connectors/agent-connectors';
import { saveColumnFor } from '../../lambdas/modules/custom-columns/columns';
import { approveVersion, submitVersion } from '../../lambdas/modules/media-plans/plans';
import { RollupBook, statItem } from '../../lambdas/modules/performance-data/daily-stat-store.dynamodb';
import { writeStatsAndRollups } from '../../lambdas/modules/performance-data/batch-write-store.dynamodb';
import type { StoredStat } from '../../lambdas/modules/performance-data/daily-stat-store';
import { Permission, Role } from '../../lambdas/shared/permissions';
import { addDaysTo, DEFAULT_TIME_ZONE } from '../../lambdas/shared/calendar';
import { todayIn } from '../../lambdas/shared/company-day';
import type { PerformanceReport, ReportFigures } from '../../lambdas/modules/reports/replies/reports';
import { expectError, expectOk } from '../media-plans/helpers';
import { channelType, current, seedActivity, seedLine, seedVersion, seedRate } from '../support/media-plans';
import { invoke, makeCompany, makeUser, type Company } from '../support/world';
import { statOn } from '../support/daily-stats';

/**
 * ReportsService.GetPerformanceReport on DynamoDB Local, stats seeded through the sync's rollup
 * store (RollupBook). Figures by hand:
 *   main (ILS), activity A: 2026-01-10 ILS 200.00 (1,000 impressions, 25 clicks); 2026-02-05 ILS 1.00;
 *     yesterday ILS 50.50; today ILS 100.00.
 *   other (USD account), activity B, reported in USD: 2026-01-10 USD 10.00 × 3.5 (rate from Jan 1) =
 *     ILS 35.00; 2026-02-05 USD 20.00 × 4.0 (rate from Feb 1) = ILS 80.00, value USD 40 = ILS 160.00.
 *   main's sub-account, activity S: 2026-02-05 ILS 12.345678 → 12.35.
 * Jan 1 – Feb 28 in ILS (the company's currency: no account asked): main 201.00, other 115.00,
 * sub 12.35, total 328.35; by month Jan 235.00, Feb 93.35; by day Jan 10 235.00, Feb 5 93.35.
 */
let c: Company;
const T = todayIn(DEFAULT_TIME_ZONE);
const Y = addDaysTo(T, -1);
const acts = { a: 0, b: 0, s: 0 };

const micros = (major: string) => {
  const [w, f = ''] = major.split('.');
  return Number(w) * 1_000_000 + Number(f.padEnd(6, '0'));
};
const stat = statOn(T);
const report = async (body: Record<string, unknown>, as = c.analyst, accountId?: number) =>
  expectOk(
    await invoke('ReportsService', 'GetPerformanceReport', { as, body, ...(accountId ? { accountId } : {}) }),
  ) as PerformanceReport;
const RANGE = { from: '2026-01-01', to: '2026-02-28' };
const sum = (rows: readonly ReportFigures[], k: keyof ReportFigures) =>
  Math.round(rows.reduce((s, r) => s + r[k], 0) * 100) / 100;

beforeAll(async () => {
  c = await makeCompany('Reports Agency');
  await seedRate(c, '2026-01-01', 'USD', 'ILS', 3.5);
  await seedRate(c, '2026-02-01', 'USD', 'ILS', 4);
  const end = addDaysTo(T, 30);
  acts.a = (await seedActivity(c, { start: '2026-01-01', end, name: 'Alpha' })).ID;
  acts.b = (await seedActivity(c, { accountId: c.accounts.other.ID, start: '2026-01-01', end, name: 'Bravo' })).ID;
  acts.s = (await seedActivity(c, { subAccountId: c.accounts.sub.ID, start: '2026-01-01', end, name: 'Sierra' })).ID;

  const ils = new RollupBook(c.companyId, 'meta_ads', 'act-1');
  const onA = { ActivityId: acts.a, AccountId: c.accounts.main.ID };
  ils.change(
    undefined,
    stat({ ...onA, Date: '2026-01-10', SpendMicros: micros('200'), Impressions: 1000, Clicks: 25 }),
  );
  ils.change(undefined, stat({ ...onA, Date: '2026-02-05', SpendMicros: micros('1') }));
  if (Y >= '2026-03-01') ils.change(undefined, stat({ ...onA, Date: Y, SpendMicros: micros('50.5') }));
  if (T >= '2026-03-01') ils.change(undefined, stat({ ...onA, Date: T, SpendMicros: micros('100') }));
  ils.change(
    undefined,
    stat({
      ActivityId: acts.s,
      AccountId: c.accounts.main.ID,
      CampaignId: 's1',
      Date: '2026-02-05',
      SpendMicros: micros('12.345678'),
    }),
  );
  await ils.flush();
  const usd = new RollupBook(c.companyId, 'google_ads', '111-222');
  const onB = { ActivityId: acts.b, AccountId: c.accounts.other.ID, Currency: 'USD' };
  usd.change(undefined, stat({ ...onB, Date: '2026-01-10', SpendMicros: micros('10') }));
  usd.change(
    undefined,
    stat({
      ...onB,
      Date: '2026-02-05',
      SpendMicros: micros('20'),
      ConversionValueMicros: micros('40'),
      ConversionsMilli: 2000,
    }),
  );
  await usd.flush();
});

describe('GetPerformanceReport', () => {
  it("groups by account in the report currency at each day's rate; the totals row is the sum of the rows", async () => {
    const r = await report({ ...RANGE, groupBy: 'account' });
    expect(r).toMatchObject({ Currency: 'ILS', From: RANGE.from, To: RANGE.to, Truncated: false });
    expect(r.Rows.map((x) => [x.Key, x.Label, x.Spend])).toEqual([
      [String(c.accounts.main.ID), 'Main Client', 201],
      [String(c.accounts.sub.ID), 'Main Client Sub', 12.35],
      [String(c.accounts.other.ID), 'Other Client', 115],
    ]);
    expect(r.Totals.Spend).toBe(328.35);
    for (const k of ['Spend', 'Impressions', 'Clicks', 'Conversions', 'ConversionValue', 'VideoViews'] as const)
      expect(r.Totals[k]).toBe(sum(r.Rows, k));
    // KPIs per docs/domain.md, 0 on a zero denominator.
    expect(r.Rows[0]).toMatchObject({
      Impressions: 1000,
      Clicks: 25,
      Ctr: 2.5,
      Cpc: 8.04,
      Cpm: 201,
      Cpa: 0,
      Cvr: 0,
      Roas: 0,
    });
    // USD value at Feb 5's rate (4.0): 160 ILS on 80 ILS spend.
    expect(r.Rows[2]).toMatchObject({ ConversionValue: 160, Conversions: 2, Roas: 1.39, Cpa: 57.5 });
  });

  it('grouped by day and by month agrees in total, and by activity', async () => {
    const byDay = await report({ ...RANGE, groupBy: 'day' });
    const byMonth = await report({ ...RANGE, groupBy: 'month' });
    expect(byDay.Rows.map((x) => [x.Key, x.Spend])).toEqual([
      ['2026-01-10', 235],
      ['2026-02-05', 93.35],
    ]);
    expect(byMonth.Rows.map((x) => [x.Key, x.Spend])).toEqual([
      ['2026-01', 235],
      ['2026-02', 93.35],
    ]);
    expect(byDay.Totals).toEqual(byMonth.Totals);
    const byActivity = await report({ ...RANGE, groupBy: 'activity' });
    expect(byActivity.Rows.map((x) => [x.Key, x.Label, x.Spend])).toEqual([
      [String(acts.a), 'Alpha', 201],
      [String(acts.b), 'Bravo', 115],
      [String(acts.s), 'Sierra', 12.35],
    ]);
    expect(byActivity.Totals).toEqual(byDay.Totals);
    // Link ids: the account each activity is booked on; no approved version yet → no page.
    expect(byActivity.Rows.map((x) => [x.AccountId, x.ActivityId, x.MediaMixId])).toEqual([
      [c.accounts.main.ID, acts.a, null],
      [c.accounts.other.ID, acts.b, null],
      [c.accounts.sub.ID, acts.s, null],
    ]);
    expect(byDay.Rows[0].ActivityId).toBeUndefined();
  });

  it('compares a month with the month before (a calendar period with the previous one)', async () => {
    const r = await report({ from: '2026-02-01', to: '2026-02-28', groupBy: 'account', compare: true });
    expect(r).toMatchObject({ PreviousFrom: '2026-01-01', PreviousTo: '2026-01-31' });
    expect(r.Totals.Spend).toBe(93.35);
    expect(r.PreviousTotals!.Spend).toBe(235);
    expect(r.Rows.find((x) => x.Key === String(c.accounts.other.ID))!.Previous!.Spend).toBe(35);
  });

  it("resolves the period codes in the company's days (today from todayIn)", async () => {
    const first = `${T.slice(0, 7)}-01`;
    const lastMonthEnd = addDaysTo(first, -1);
    const expected: Record<string, [string, string]> = {
      1: [T, T],
      2: [Y, Y],
      3: [first, T],
      4: [`${lastMonthEnd.slice(0, 7)}-01`, lastMonthEnd],
    };
    for (const [period, [from, to]] of Object.entries(expected)) {
      const r = await report({ period, groupBy: 'day' });
      expect([r.From, r.To]).toEqual([from, to]);
    }
    if (T >= '2026-03-02') {
      expect((await report({ period: 1 })).Totals.Spend).toBe(100);
      expect((await report({ period: 2 })).Totals.Spend).toBe(50.5);
    }
  });

  it('narrows to an account asked, in its currency; excludes and refuses accounts the caller cannot see', async () => {
    const sub = await report({ ...RANGE, accountId: c.accounts.sub.ID });
    expect(sub.Rows.map((x) => x.Key)).toEqual([String(c.accounts.sub.ID)]);
    const other = await report({ ...RANGE, groupBy: 'month' }, c.analyst, c.accounts.other.ID);
    // The other account's own currency: USD as reported.
    expect(other).toMatchObject({ Currency: 'USD' });
    expect(other.Totals.Spend).toBe(30);
    const narrow = await makeUser(c.companyId, Role.Analyst, [Permission.OperationalReports], {
      accountAccess: [c.accounts.other.ID],
    });
    const seen = await report({ ...RANGE }, narrow);
    expect(seen.Rows.map((x) => x.Key)).toEqual([String(c.accounts.other.ID)]);
    expectError(
      await invoke('ReportsService', 'GetPerformanceReport', {
        as: narrow,
        body: { ...RANGE, accountId: c.accounts.main.ID },
      }),
      403,
    );
    expectError(
      await invoke('ReportsService', 'GetPerformanceReport', { as: narrow, body: { ...RANGE, activityId: acts.a } }),
      403,
    );
    expectError(
      await invoke('ReportsService', 'GetPerformanceReport', {
        as: c.client,
        body: RANGE,
        accountId: c.accounts.main.ID,
      }),
      403,
    );
  });

  it('refuses a custom range over 400 days, reversed, or half given', async () => {
    const over = await invoke('ReportsService', 'GetPerformanceReport', {
      as: c.analyst,
      body: { from: '2025-01-01', to: '2026-02-05' },
    });
    expectError(over, 400);
    expect(over.body.ErrorCode).toBe('FIELD_TOO_LARGE');
    expect(
      (
        await invoke('ReportsService', 'GetPerformanceReport', {
          as: c.analyst,
          body: { from: '2026-02-05', to: '2026-02-01' },
        })
      ).body.ErrorCode,
    ).toBe('DATE_RANGE_INVALID');
    expect(
      (await invoke('ReportsService', 'GetPerformanceReport', { as: c.analyst, body: { from: '2026-02-05' } })).body
        .ErrorCode,
    ).toBe('FIELD_REQUIRED');
  });
});

describe('GetPerformanceReport by plan line', () => {
  // Activity A's approved plan (March): "Search" (Google Search) ILS 10.00 + 5.00 on Mar 10 and 11;
  // "Social" (Meta) USD 3.00 on Mar 10 (× 4.0 = ILS 12.00).
  const MARCH = { from: '2026-03-01', to: '2026-03-31' };
  const lines = { search: 0, social: 0, versionId: 0 };
  beforeAll(async () => {
    const version = await seedVersion(c, { ID: acts.a, AccountId: c.accounts.main.ID });
    lines.versionId = version.ID;
    const at = { StartDate: '2026-03-01', EndDate: '2026-03-31' };
    lines.search = (
      await seedLine(c, version, {
        ...at,
        Name: 'Search',
        AccountChannelTypeId: (await channelType(c, 'Google Search')).ID,
      })
    ).ID;
    lines.social = (
      await seedLine(c, version, {
        ...at,
        Name: 'Social',
        AccountChannelTypeId: (await channelType(c, 'Meta (Facebook)')).ID,
      })
    ).ID;
    const submitted = await submitVersion(c.planner, c.accounts.main.ID, {
      mediaMixId: version.ID,
      version: (await current(c, version.ID)).version,
    });
    await approveVersion(c.approver, c.accounts.main.ID, { mediaMixId: version.ID, version: submitted.version });
    const book = new RollupBook(c.companyId, 'google_ads', '333-444');
    const on = (LineId: number) => ({ LineId, ActivityId: acts.a, AccountId: c.accounts.main.ID });
    book.change(
      undefined,
      stat({ ...on(lines.search), CampaignId: 'g1', Date: '2026-03-10', SpendMicros: micros('10'), Clicks: 4 }),
    );
    book.change(
      undefined,
      stat({ ...on(lines.search), CampaignId: 'g1', Date: '2026-03-11', SpendMicros: micros('5'), Clicks: 1 }),
    );
    book.change(
      undefined,
      stat({ ...on(lines.social), CampaignId: 'm1', Date: '2026-03-10', Currency: 'USD', SpendMicros: micros('3') }),
    );
    await book.flush();
  });

  it('groups by line and by channel type from the line rollups, with the same total as by activity', async () => {
    const byLine = await report({ ...MARCH, groupBy: 'line' });
    expect(byLine.Rows.map((x) => [x.Key, x.Label, x.Spend])).toEqual([
      [String(lines.search), 'Search', 15],
      [String(lines.social), 'Social', 12],
    ]);
    expect(byLine.Rows[0]).toMatchObject({ Clicks: 5, Cpc: 3 });
    expect(byLine.LinesRead).toBe(2);
    const byType = await report({ ...MARCH, groupBy: 'channelType' });
    expect(byType.Rows.map((x) => [x.Label, x.Spend])).toEqual([
      ['Google Search', 15],
      ['Meta (Facebook)', 12],
    ]);
    const byActivity = await report({ ...MARCH, groupBy: 'activity' });
    expect(byActivity.LinesRead).toBeNull();
    expect(byLine.Totals).toEqual(byActivity.Totals);
    expect(byType.Totals).toEqual(byActivity.Totals);
    expect(byLine.Totals.Spend).toBe(27);
    // Each line and activity row names the activity performance page of the latest approved version.
    const page = { AccountId: c.accounts.main.ID, ActivityId: acts.a, MediaMixId: lines.versionId };
    for (const row of [...byLine.Rows, byActivity.Rows.find((x) => x.Key === String(acts.a))!])
      expect(row).toMatchObject(page);
    expect(byType.Rows[0].MediaMixId).toBeUndefined();
  });

  it('filters by channel group and by platform', async () => {
    const search = await report({ ...MARCH, groupBy: 'line', channelGroup: 'Search' });
    expect(search.Rows.map((x) => x.Label)).toEqual(['Search']);
    const meta = await report({ ...MARCH, groupBy: 'month', platform: 'meta_ads' });
    expect(meta.Rows.map((x) => [x.Key, x.Spend])).toEqual([['2026-03', 12]]);
    const none = await report({ ...MARCH, groupBy: 'account', channelGroup: 'Offline' });
    expect(none.Rows).toEqual([]);
    expect(none.Totals.Spend).toBe(0);
  });
});

describe('GetPerformanceReport by campaign, with custom columns', () => {
  // Activity Delta (April), approved plan: "Search D" and "Social D". Stats stored through the sync's
  // write path (stat items + rollups) on CSV ad accounts linked to the main account:
  //   csv-A: k1 on Search D, Apr 3, ILS 10.00, 100 impressions, 4 clicks, 2 conversions;
  //          k2 on Search D, Apr 3, ILS 6.00, 2 clicks, no conversions;
  //          an unmapped campaign, Apr 3, ILS 99.00 (on no line: only in the account and activity
  //          groupings' Unmapped row of main).
  //   csv-B: k3 on Social D, Apr 4, USD 5.00 × 4.0 = ILS 20.00, 1 conversion.
  // Rows: k1 10.00, k2 6.00, k3 20.00; total 36.00 = the activity grouping's.
  // "Cost per conversion" = spend / conversions: k1 10 / 2 = 5; k2 6 / 0 → 0 (docs/domain.md); k3 20;
  // totals over the sums: 36 / 3 = 12 (not 5 + 0 + 20).
  const APRIL = { from: '2026-04-01', to: '2026-04-30' };
  const ids = { delta: 0, search: 0, social: 0, versionId: 0, cpa: 0, ctr: 0 };
  beforeAll(async () => {
    const delta = await seedActivity(c, { start: '2026-04-01', end: '2026-04-30', name: 'Delta' });
    ids.delta = delta.ID;
    const version = await seedVersion(c, delta);
    ids.versionId = version.ID;
    const at = { StartDate: '2026-04-01', EndDate: '2026-04-30' };
    ids.search = (
      await seedLine(c, version, {
        ...at,
        Name: 'Search D',
        AccountChannelTypeId: (await channelType(c, 'Google Search')).ID,
      })
    ).ID;
    ids.social = (
      await seedLine(c, version, {
        ...at,
        Name: 'Social D',
        AccountChannelTypeId: (await channelType(c, 'Meta (Facebook)')).ID,
      })
    ).ID;
    const submitted = await submitVersion(c.planner, c.accounts.main.ID, {
      mediaMixId: version.ID,
      version: (await current(c, version.ID)).version,
    });
    await approveVersion(c.approver, c.accounts.main.ID, { mediaMixId: version.ID, version: submitted.version });

    const agent = await saveAgentConnectorFor(c.admin, { ID: 0, ConnectorId: 4, Name: 'Reports CSV' });
    await saveAccountConnectorFor(c.admin, c.accounts.main.ID, {
      ID: 0,
      AccountId: c.accounts.main.ID,
      AgentConnectorId: agent.ID,
      ExternalAccountIds: ['csv-A', 'csv-B'],
      NamingRule: '',
    });
    const on = (LineId: number) => ({ LineId, ActivityId: ids.delta, AccountId: c.accounts.main.ID });
    const store = async (account: string, stats: StoredStat[]) => {
      const book = new RollupBook(c.companyId, 'csv_upload', account);
      for (const s of stats) book.change(undefined, s);
      await writeStatsAndRollups(
        stats.map((s) => statItem(c.companyId, 'csv_upload', account, s)),
        book.takeWrites(),
      );
    };
    await store('csv-A', [
      stat({
        ...on(ids.search),
        CampaignId: 'k1',
        CampaignName: 'Kilo one',
        Date: '2026-04-03',
        SpendMicros: micros('10'),
        Impressions: 100,
        Clicks: 4,
        ConversionsMilli: 2000,
      }),
      stat({
        ...on(ids.search),
        CampaignId: 'k2',
        CampaignName: 'Kilo two',
        Date: '2026-04-03',
        SpendMicros: micros('6'),
        Clicks: 2,
      }),
      stat({ CampaignId: 'u1', CampaignName: 'Unmapped', Date: '2026-04-03', SpendMicros: micros('99') }),
    ]);
    await store('csv-B', [
      stat({
        ...on(ids.social),
        CampaignId: 'k3',
        CampaignName: 'Kilo three',
        Date: '2026-04-04',
        Currency: 'USD',
        SpendMicros: micros('5'),
        ConversionsMilli: 1000,
      }),
    ]);
    ids.cpa = (
      await saveColumnFor(c.admin, {
        ID: 0,
        Name: 'Cost per conversion',
        Formula: 'spend / conversions',
        Format: 'currency',
        Scope: 'performance',
      })
    ).ID;
    ids.ctr = (
      await saveColumnFor(c.admin, {
        ID: 0,
        Name: 'Click rate',
        Formula: 'clicks / impressions',
        Format: 'percent',
        Scope: 'performance',
      })
    ).ID;
  });

  it('gives a row per campaign with its platform, line and activity; the rows sum to the totals and to the activity grouping', async () => {
    const byCampaign = await report({ ...APRIL, groupBy: 'campaign' });
    expect(byCampaign).toMatchObject({ GroupBy: 'campaign', Currency: 'ILS', Truncated: false, CampaignStatsRead: 4 });
    expect(byCampaign.Rows.map((x) => [x.Label, x.Spend, x.Platform, x.LineName, x.LineId])).toEqual([
      ['Kilo one', 10, 'csv_upload', 'Search D', ids.search],
      ['Kilo three', 20, 'csv_upload', 'Social D', ids.social],
      ['Kilo two', 6, 'csv_upload', 'Search D', ids.search],
    ]);
    for (const row of byCampaign.Rows)
      expect(row).toMatchObject({ AccountId: c.accounts.main.ID, ActivityId: ids.delta, MediaMixId: ids.versionId });
    for (const k of ['Spend', 'Impressions', 'Clicks', 'Conversions', 'ConversionValue', 'VideoViews'] as const)
      expect(byCampaign.Totals[k]).toBe(sum(byCampaign.Rows, k));
    expect(byCampaign.Totals.Spend).toBe(36);
    const byActivity = await report({ ...APRIL, groupBy: 'activity' });
    const mapped = byActivity.Rows.filter((x) => !x.Unmapped);
    for (const k of ['Spend', 'Impressions', 'Clicks', 'Conversions'] as const)
      expect(sum(mapped, k)).toBe(byCampaign.Totals[k]);
    expect(byActivity.Rows.filter((x) => x.Unmapped).map((x) => [x.AccountId, x.Spend])).toEqual([
      [c.accounts.main.ID, 99],
    ]);
    expect(byActivity.Totals.Spend).toBe(36 + 99);
    // The same with the activity filter, and by line.
    const narrowed = await report({ ...APRIL, groupBy: 'campaign', activityId: ids.delta });
    expect(narrowed.Totals).toEqual(byCampaign.Totals);
    expect((await report({ ...APRIL, groupBy: 'line' })).Totals).toEqual(byCampaign.Totals);
    // A platform filter keeps the campaigns of the lines whose channel type is of that platform.
    const meta = await report({ ...APRIL, groupBy: 'campaign', platform: 'meta_ads' });
    expect(meta.Rows.map((x) => x.Label)).toEqual(['Kilo three']);
  });

  it('evaluates the performance custom columns on every row and on the totals over their sums', async () => {
    const r = await report({ ...APRIL, groupBy: 'campaign' });
    expect(r.CustomColumns).toEqual([
      { Id: ids.ctr, Name: 'Click rate', Format: 'percent' },
      { Id: ids.cpa, Name: 'Cost per conversion', Format: 'currency' },
    ]);
    const cpa = (row: { Custom?: Record<string, number | null> }) => row.Custom![String(ids.cpa)];
    expect(r.Rows.map((x) => [x.Label, cpa(x)])).toEqual([
      ['Kilo one', 5],
      ['Kilo three', 20],
      ['Kilo two', 0],
    ]);
    expect(cpa(r.Totals)).toBe(12);
    // 6 clicks / 100 impressions over the sums.
    expect(r.Totals.Custom![String(ids.ctr)]).toBeCloseTo(0.06, 12);
    // Other groupings carry them too (by activity with main's unmapped 99.00: 135 / 3).
    expect(cpa((await report({ ...APRIL, groupBy: 'activity' })).Totals)).toBe(45);
  });
});
