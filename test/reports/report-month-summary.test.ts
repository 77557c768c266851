import { performanceReportFor, type ReportReadOptions } from '../../lambdas/modules/reports/performance-report';
import { periodOfCode } from '../../lambdas/modules/reports/periods';
import { wholeMonthsOf } from '../../lambdas/modules/reports/performance-report-summary';
import { RollupBook } from '../../lambdas/modules/performance-data/daily-stat-store.dynamodb';
import type { StoredStat } from '../../lambdas/modules/performance-data/daily-stat-store';
import { refreshMonthSummaries } from '../../lambdas/modules/performance-data/month-summary-store.dynamodb';
import { getPerformanceReport } from '../../lambdas/modules/reports/schemas/reports';
import { addDaysTo, DEFAULT_TIME_ZONE } from '../../lambdas/shared/calendar';
import { todayIn } from '../../lambdas/shared/company-day';
import { seedActivity, seedRate } from '../support/media-plans';
import { makeCompany, type Company } from '../support/world';
import { statOn } from '../support/daily-stats';

/**
 * The month report read from the month summaries (performance-report-summary.ts) against its oracle,
 * the activity rollups: stats written as the sync writes them (RollupBook, then refreshMonthSummaries
 * of the touched line-months), two sources, ILS and USD with two USD rates inside last month, a stat
 * on an activity outside the report (dropped), and stats of the months around last month (outside).
 */
let c: Company;
const T = todayIn(DEFAULT_TIME_ZONE);
const LAST = periodOfCode('4', T);
const day = (n: number) => addDaysTo(LAST.from, n);
const acts = { a: 0, b: 0, s: 0 };

const stat = statOn(LAST.from);

async function write(type: 'meta_ads' | 'google_ads', ext: string, stats: StoredStat[]) {
  const book = new RollupBook(c.companyId, type, ext);
  for (const s of stats) book.change(undefined, s);
  await book.flush();
  await refreshMonthSummaries(c.companyId, type, ext, book.takeTouched());
}

beforeAll(async () => {
  c = await makeCompany('Report Summary Agency');
  await seedRate(c, addDaysTo(LAST.from, -40), 'USD', 'ILS', 3.5);
  await seedRate(c, day(10), 'USD', 'ILS', 3.7);
  const start = addDaysTo(LAST.from, -40);
  const end = addDaysTo(T, 30);
  acts.a = (await seedActivity(c, { start, end, name: 'Alpha' })).ID;
  acts.b = (await seedActivity(c, { accountId: c.accounts.other.ID, start, end, name: 'Bravo' })).ID;
  acts.s = (await seedActivity(c, { subAccountId: c.accounts.sub.ID, start, end, name: 'Sierra' })).ID;
  const onA = { ActivityId: acts.a, AccountId: c.accounts.main.ID };
  const onB = { ActivityId: acts.b, AccountId: c.accounts.other.ID };
  const onS = { ActivityId: acts.s, AccountId: c.accounts.main.ID };
  const ils: StoredStat[] = [];
  for (let i = 0; i < 12; i++) {
    ils.push(
      stat({
        ...onA,
        LineId: 9001 + (i % 2),
        CampaignId: `a${i % 3}`,
        Date: day(i * 2),
        SpendMicros: 1_234_567 * (i + 1),
        Impressions: 100 * i,
        Clicks: i,
        ConversionsMilli: 333 * i,
        ConversionValueMicros: 2_345_678 * i,
        VideoViews: 7 * i,
      }),
    );
    ils.push(
      stat({ ...onS, LineId: 9003, CampaignId: `s${i}`, Date: day(i), SpendMicros: 12_345_678 + i, Impressions: 10 }),
    );
  }
  ils.push(stat({ ...onA, LineId: 9001, Date: addDaysTo(LAST.from, -1), SpendMicros: 99_000_000 }));
  ils.push(stat({ ...onA, LineId: 9001, Date: addDaysTo(LAST.to, 1), SpendMicros: 77_000_000 }));
  // An activity outside the report (no such activity): its summary items are left out.
  ils.push(
    stat({ ActivityId: 987_654, AccountId: c.accounts.main.ID, LineId: 9999, Date: day(3), SpendMicros: 55_000_000 }),
  );
  await write('meta_ads', 'act-1', ils);
  const usd: StoredStat[] = [];
  for (let i = 0; i < 9; i++) {
    usd.push(
      stat({
        ...onB,
        LineId: 9101,
        CampaignId: `b${i % 2}`,
        Currency: 'USD',
        Date: day(i * 3),
        SpendMicros: 3_333_333 * (i + 1),
        ConversionsMilli: 1500,
        ConversionValueMicros: 4_444_441 * (i + 1),
        Clicks: 3,
      }),
    );
    // USD stats on an ILS activity too: converted at each day's rate.
    usd.push(
      stat({
        ...onA,
        LineId: 9002,
        CampaignId: `x${i}`,
        Currency: 'USD',
        Date: day(i * 3 + 1),
        SpendMicros: 1_111_111 * (i + 1),
        ConversionValueMicros: 2_222_227 * i,
      }),
    );
  }
  await write('google_ads', '111-222', usd);
});

const ask = (body: Record<string, unknown>, via: ReportReadOptions['via'], scope?: number) =>
  performanceReportFor(c.analyst, scope, getPerformanceReport.parse(body), { via });

describe('the month report from the month summaries', () => {
  it("reads whole months only (a month's 1st to its last day or to today)", () => {
    expect(wholeMonthsOf({ from: '2026-01-01', to: '2026-02-28' }, '2026-03-10')).toEqual(['2026-01', '2026-02']);
    expect(wholeMonthsOf({ from: '2025-12-01', to: '2026-03-10' }, '2026-03-10')).toEqual([
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
    ]);
    expect(wholeMonthsOf({ from: '2024-02-01', to: '2024-02-29' }, '2026-03-10')).toEqual(['2024-02']);
    expect(wholeMonthsOf({ from: '2026-01-01', to: '2026-02-27' }, '2026-03-10')).toBeNull();
    expect(wholeMonthsOf({ from: '2026-01-02', to: '2026-01-31' }, '2026-03-10')).toBeNull();
  });

  it.each(['account', 'activity', 'month'] as const)(
    'last month by %s: the same rows and totals as the activity rollups',
    async (groupBy) => {
      const bySummary = await ask({ period: 4, groupBy }, 'summary');
      const byRollups = await ask({ period: 4, groupBy }, 'rollups');
      expect(bySummary.Rows.length).toBeGreaterThan(0);
      expect(bySummary).toEqual(byRollups);
      // The forced path differs from a mid-month range's on the days left out only.
      const midMonth = await ask({ from: LAST.from, to: addDaysTo(LAST.to, -1), groupBy }, 'summary');
      expect(midMonth.Totals.Spend).toBeLessThanOrEqual(bySummary.Totals.Spend);
    },
  );

  it("in the USD account's currency (its ILS-free report) and the company's, foreign conversion value at each day's rate", async () => {
    const usd = await ask({ period: 4, groupBy: 'activity', accountId: c.accounts.other.ID }, 'summary');
    expect(usd.Currency).toBe('USD');
    expect(usd).toEqual(await ask({ period: 4, groupBy: 'activity', accountId: c.accounts.other.ID }, 'rollups'));
    const ils = await ask({ period: 4, groupBy: 'activity' }, 'summary');
    const alpha = ils.Rows.find((r) => r.Key === String(acts.a))!;
    // Alpha's value: ILS 2.345678 × (0+…+11) = 154.81 plus USD 2.222227 × i on day(3i+1) at 3.5 (days < 10) or 3.7.
    const usdValue = Array.from({ length: 9 }, (_, i) =>
      Math.round(2_222_227 * i * (3 * i + 1 < 10 ? 3.5 : 3.7)),
    ).reduce((s, v) => s + v, 0);
    expect(alpha.ConversionValue).toBe(Math.round((2_345_678 * 66 + usdValue) / 10_000) / 100);
  });
});
