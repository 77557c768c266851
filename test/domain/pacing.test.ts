import { linePacing, planPacing } from '../../lambdas/modules/performance/pacing';
import type { PacingContext, PacingLineInput } from '../../lambdas/modules/performance/pacing-types';
import type { ConnectorState, DaySpend } from '../../lambdas/modules/performance/types';
import { addDaysTo } from '../../lambdas/shared/calendar';
import { toMinor } from '../../lambdas/shared/money';

/**
 * The pacing rules of docs/domain.md on a table of cases. Every expected figure is
 * worked out by hand in the comments (minor units: 1000.00 → 100000), not read back from the code.
 * Conventions under test (docs/pacing-and-billing.md): "to date" = through yesterday (today − 1);
 * days left run from today to the end date, both included; thresholds PacingLow 90 / PacingHigh 110;
 * the last 28 days (today included) are provisional.
 */

const OK: ConnectorState = { id: 1, name: 'Google Ads', status: 'OK', lastSyncedTo: null };
const ctx = (today: string, connectors: ConnectorState[] = [OK]): PacingContext => ({
  today,
  rules: { pacingLow: 90, pacingHigh: 110, restatementDays: 28 },
  connectors,
});

/** `amount` (major units, up to 2 decimals) spent on every day from `from` to `to`. */
function daily(from: string, to: string, amount: string): DaySpend[] {
  const out: DaySpend[] = [];
  for (let d = from; d <= to; d = addDaysTo(d, 1)) out.push({ day: d, spendMicros: toMinor(amount) * 10_000 });
  return out;
}

/** March 2026: 31 days, budget 3,100.00 → 100.00 a day planned. */
const march = (spend: DaySpend[], extra: Partial<PacingLineInput> = {}): PacingLineInput => ({
  lineId: 1,
  budget: '3100',
  startDate: '2026-03-01',
  endDate: '2026-03-31',
  spend,
  ...extra,
});

describe('linePacing: a linear line (March, 3,100.00)', () => {
  // today 2026-03-11 → to date = Mar 1..10 (10 days): planned 3100 × 10/31 = 1,000.00.
  // days left = Mar 11..31 = 21.
  const today = '2026-03-11';

  it.each([
    // [case, spend a day, actual, pacing %, status, projected = actual + avg × 21, daily needed = (3100 − actual) / 21]
    ['on plan', '100', 100_000, 100, 'on_pace', 310_000, 10_000], // 1000 + 100×21 = 3100; 2100/21 = 100
    ['under', '80', 80_000, 80, 'under', 248_000, 10_952], // 800 + 80×21 = 2480; 2300/21 = 109.5238 → 109.52
    ['over', '115', 115_000, 115, 'over', 356_500, 9_286], // 1150 + 115×21 = 3565; 1950/21 = 92.857 → 92.86
    ['exactly PacingLow', '90', 90_000, 90, 'on_pace', 279_000, 10_476], // 900/1000 = 90.00 % is not below 90; 2200/21 = 104.7619 → 104.76
    ['exactly PacingHigh', '110', 110_000, 110, 'on_pace', 341_000, 9_524], // 110.00 % is not above 110; 2000/21 = 95.238 → 95.24
    ['just under PacingLow', '89.99', 89_990, 89.99, 'under', 278_969, 10_477], // 899.90/1000; 899.90 + 89.99×21 = 2789.69; 2200.10/21 = 104.7667 → 104.77
  ] as const)('%s', (_case, perDay, actual, pct, status, projected, needed) => {
    const p = linePacing(march(daily('2026-03-01', '2026-03-10', perDay)), ctx(today));
    expect(p).toMatchObject({
      phase: 'live',
      plannedBudget: 310_000,
      plannedToDate: 100_000,
      actualToDate: actual,
      pacingPct: pct,
      pacingNullReason: null,
      status,
      alert: status === 'on_pace' ? null : status,
      daysLeft: 21,
      projectedEndSpend: projected,
      amountLeft: 310_000 - actual,
      dailySpendNeeded: needed,
    });
  });

  it('leaves today out of "to date": today\'s partial spend is not counted', () => {
    const spend = [...daily('2026-03-01', '2026-03-10', '100'), { day: today, spendMicros: 5_000 * 1_000_000 }];
    expect(linePacing(march(spend), ctx(today))).toMatchObject({ actualToDate: 100_000, pacingPct: 100 });
  });

  it('states its basis: ten days of data, all inside the restatement window', () => {
    // The window of 2026-03-11 is Feb 12..Mar 11: Mar 1..10 all provisional.
    const p = linePacing(march(daily('2026-03-01', '2026-03-10', '100')), ctx(today));
    expect(p.basis).toEqual({
      elapsedDays: 10,
      daysOfData: 10,
      provisionalDays: 10,
      provisionalSharePct: 100,
      connectorHealth: 'OK',
      unhealthyConnectors: [],
      notes: ['ALL_PROVISIONAL'],
      missingDays: [],
    });
  });
});

describe('linePacing: the edge cases', () => {
  it('before the start: nothing planned, pacing null NOT_STARTED, the whole flight left', () => {
    // today = the start day: yesterday is before it. Days left Mar 1..31 = 31; needed 3100/31 = 100.00.
    for (const today of ['2026-02-20', '2026-03-01']) {
      expect(linePacing(march([]), ctx(today))).toMatchObject({
        phase: 'not_started',
        plannedToDate: 0,
        actualToDate: 0,
        pacingPct: null,
        pacingNullReason: 'NOT_STARTED',
        status: null,
        alert: null,
        daysLeft: 31,
        averageDailySpend: 0,
        projectedEndSpend: 0,
        dailySpendNeeded: 10_000,
        basis: expect.objectContaining({ elapsedDays: 0, daysOfData: 0, notes: [] }),
      });
    }
  });

  it('after the end: planned = the budget, no days left, no alert; spend after the end still counts', () => {
    // 80.00 a day through March = 2,480.00, plus 20.00 on Apr 1 → actual 2,500.00 (today Apr 5, to date Apr 4).
    // pacing 2500/3100 = 80.645 % → 80.65, under (shown) but no alert: the line is not live.
    // Days of data inside the flight: 31; provisional: the window of Apr 5 starts Mar 9 → Mar 9..31 = 23;
    // 23/31 = 74.1935 % → 74.19, mostly provisional.
    const spend = [...daily('2026-03-01', '2026-03-31', '80'), { day: '2026-04-01', spendMicros: 20_000_000 }];
    expect(linePacing(march(spend), ctx('2026-04-05'))).toMatchObject({
      phase: 'ended',
      plannedToDate: 310_000,
      actualToDate: 250_000,
      pacingPct: 80.65,
      status: 'under',
      alert: null,
      daysLeft: 0,
      projectedEndSpend: 250_000,
      amountLeft: 60_000,
      dailySpendNeeded: null,
      basis: expect.objectContaining({
        elapsedDays: 31,
        daysOfData: 31,
        provisionalDays: 23,
        provisionalSharePct: 74.19,
        notes: ['MOSTLY_PROVISIONAL'],
      }),
    });
  });

  it('no data: 0 % and an under alert, whose basis says there is no data', () => {
    // needed 3100/21 = 147.619 → 147.62.
    expect(linePacing(march([]), ctx('2026-03-11'))).toMatchObject({
      actualToDate: 0,
      pacingPct: 0,
      status: 'under',
      alert: 'under',
      projectedEndSpend: 0,
      dailySpendNeeded: 14_762,
      basis: {
        elapsedDays: 10,
        daysOfData: 0,
        provisionalDays: 0,
        provisionalSharePct: null,
        connectorHealth: 'OK',
        unhealthyConnectors: [],
        notes: ['NO_DATA'],
        missingDays: daily('2026-03-01', '2026-03-10', '0').map((d) => d.day),
      },
    });
  });

  it('days without data and an unhealthy connector are in the basis', () => {
    // A 90-day flight, Jan 1..Mar 31; today Mar 11 → elapsed Jan 1..Mar 10 = 31 + 28 + 10 = 69 days.
    // Data on Jan 1..Jan 31 only: 31 days, none provisional (the window starts Feb 12).
    const meta: ConnectorState = { id: 2, name: 'Meta Ads', status: 'Error' };
    const p = linePacing(
      {
        lineId: 2,
        budget: '9000',
        startDate: '2026-01-01',
        endDate: '2026-03-31',
        spend: daily('2026-01-01', '2026-01-31', '100'),
      },
      ctx('2026-03-11', [OK, meta]),
    );
    expect(p.basis).toEqual({
      elapsedDays: 69,
      daysOfData: 31,
      provisionalDays: 0,
      provisionalSharePct: 0,
      connectorHealth: 'Error',
      unhealthyConnectors: ['Meta Ads'],
      notes: ['MISSING_DAYS', 'CONNECTOR_UNHEALTHY'],
      // The days without data are named (the first MAX_MISSING_DAYS of them: Feb 1..Mar 3 of Feb 1..Mar 10).
      missingDays: daily('2026-02-01', '2026-03-03', '0').map((d) => d.day),
    });
  });

  it('a zero plan: pacing null ZERO_PLAN, no division by zero anywhere', () => {
    // 50.00 spent against a budget of 0: 50.00 over, nothing more needed.
    const p = linePacing(march(daily('2026-03-02', '2026-03-02', '50'), { budget: 0 }), ctx('2026-03-11'));
    expect(p).toMatchObject({
      plannedBudget: 0,
      plannedToDate: 0,
      actualToDate: 5_000,
      pacingPct: null,
      pacingNullReason: 'ZERO_PLAN',
      status: null,
      alert: null,
      amountLeft: -5_000,
      dailySpendNeeded: 0,
    });
  });

  it('a monthly split that plans nothing yet: pacing null NOTHING_PLANNED_YET', () => {
    const p = linePacing(
      {
        lineId: 3,
        budget: 3000,
        startDate: '2026-03-01',
        endDate: '2026-04-30',
        monthlySplit: { '2026-03': 0, '2026-04': 3000 },
        spend: [],
      },
      ctx('2026-03-11'),
    );
    expect(p).toMatchObject({
      plannedToDate: 0,
      pacingPct: null,
      pacingNullReason: 'NOTHING_PLANNED_YET',
      status: null,
      alert: null,
    });
  });
});

describe('linePacing: a monthly split', () => {
  // Mar 1..Apr 30, budget 6,000.00; today Apr 11 → to date Apr 10; days left Apr 11..30 = 20.
  // Actual: 1,000.00 on Mar 15, then 150.00 a day Apr 1..10 (1,500.00) = 2,500.00.
  const spend = [{ day: '2026-03-15', spendMicros: 1_000_000_000 }, ...daily('2026-04-01', '2026-04-10', '150')];
  const line = (monthlySplit?: Record<string, number>): PacingLineInput => ({
    lineId: 4,
    budget: 6000,
    startDate: '2026-03-01',
    endDate: '2026-04-30',
    monthlySplit,
    spend,
  });

  it('plans to date from the split', () => {
    // March's 1,000.00 + April's 5,000.00 × 10/30 = 1,666.666… → 1,666.67: planned 2,666.67.
    // pacing 2500/2666.67 = 93.7499… % → 93.75: on pace. Average Apr 4..10 = 150.00;
    // projected 2500 + 150 × 20 = 5,500.00; needed (6000 − 2500) / 20 = 175.00.
    expect(linePacing(line({ '2026-03': 1000, '2026-04': 5000 }), ctx('2026-04-11'))).toMatchObject({
      plannedToDate: 266_667,
      actualToDate: 250_000,
      pacingPct: 93.75,
      status: 'on_pace',
      daysLeft: 20,
      averageDailySpend: 15_000,
      projectedEndSpend: 550_000,
      dailySpendNeeded: 17_500,
    });
  });

  it('without the split plans pro rata by days', () => {
    // 61 days. March 6000 × 31/61 = 3,049.180… (304918 minor, remainder 2/61); April 6000 × 30/61 =
    // 2,950.819… (295081, remainder 59/61): the one minor unit left goes to April → 2,950.82.
    // To date: 3,049.18 + 2,950.82 × 10/30 = 3,049.18 + 983.606… → 983.61 = 4,032.79.
    // pacing 2500/4032.79 = 61.9918 % → 61.99: under.
    expect(linePacing(line(), ctx('2026-04-11'))).toMatchObject({
      plannedToDate: 403_279,
      pacingPct: 61.99,
      status: 'under',
      alert: 'under',
    });
  });
});

describe('planPacing: the whole plan', () => {
  it('sums its lines and applies the formulas to the sums', () => {
    // today Mar 21 → to date Mar 20.
    // A: March, 3,100.00, 100.00 a day: planned 3100 × 20/31 = 2,000.00, actual 2,000.00 → 100 %;
    //    days left Mar 21..31 = 11, projected 2000 + 100 × 11 = 3,100.00.
    // B: Mar 15..Apr 13 (30 days), 3,000.00 → March share 3000 × 17/30 = 1,700.00; to date Mar 15..20:
    //    1700 × 6/17 = 600.00; 50.00 a day → 300.00 → 50 % under (alert). Average over Mar 15..20
    //    (6 days: none before the start) = 50.00; days left Mar 21..Apr 13 = 24; projected 300 + 50 × 24 = 1,500.00.
    // Plan: budget 6,100.00, planned 2,600.00, actual 2,300.00 → 88.4615 % → 88.46 under;
    //    projected 3100 + 1500 = 4,600.00; days left Mar 21..Apr 13 = 24; needed (6100 − 2300)/24 = 158.333 → 158.33.
    const a: PacingLineInput = {
      lineId: 1,
      budget: 3100,
      startDate: '2026-03-01',
      endDate: '2026-03-31',
      spend: daily('2026-03-01', '2026-03-20', '100'),
    };
    const b: PacingLineInput = {
      lineId: 2,
      budget: 3000,
      startDate: '2026-03-15',
      endDate: '2026-04-13',
      spend: daily('2026-03-15', '2026-03-20', '50'),
    };
    const { lines, plan } = planPacing([a, b], ctx('2026-03-21'));
    expect(
      lines.map((l) => [l.lineId, l.plannedToDate, l.actualToDate, l.pacingPct, l.alert, l.projectedEndSpend]),
    ).toEqual([
      [1, 200_000, 200_000, 100, null, 310_000],
      [2, 60_000, 30_000, 50, 'under', 150_000],
    ]);
    expect(plan).toMatchObject({
      phase: 'live',
      plannedBudget: 610_000,
      plannedToDate: 260_000,
      actualToDate: 230_000,
      pacingPct: 88.46,
      status: 'under',
      alert: 'under',
      daysLeft: 24,
      averageDailySpend: 15_000,
      projectedEndSpend: 460_000,
      amountLeft: 380_000,
      dailySpendNeeded: 15_833,
      // Mar 1..20 is 20 days of the plan, each with data (B's six days are days A has too).
      basis: expect.objectContaining({ elapsedDays: 20, daysOfData: 20 }),
    });
  });

  it('counts no day of a gap between lines as a day of the plan', () => {
    // January and March lines, today Mar 11: 31 + 10 = 41 days of flight, each with data; February is no day of it.
    const jan: PacingLineInput = {
      lineId: 1,
      budget: 3100,
      startDate: '2026-01-01',
      endDate: '2026-01-31',
      spend: daily('2026-01-01', '2026-01-31', '100'),
    };
    const mar: PacingLineInput = {
      lineId: 2,
      budget: 3100,
      startDate: '2026-03-01',
      endDate: '2026-03-31',
      spend: daily('2026-03-01', '2026-03-10', '100'),
    };
    const { plan } = planPacing([jan, mar], ctx('2026-03-11'));
    // Planned 3,100.00 + 1,000.00 = 4,100.00 = actual → 100 %.
    expect(plan).toMatchObject({ plannedToDate: 410_000, actualToDate: 410_000, pacingPct: 100, status: 'on_pace' });
    expect(plan.basis).toMatchObject({ elapsedDays: 41, daysOfData: 41, provisionalDays: 10, notes: [] });
  });

  it('an empty plan has nothing to pace', () => {
    expect(planPacing([], ctx('2026-03-11')).plan).toMatchObject({
      plannedBudget: 0,
      pacingPct: null,
      pacingNullReason: 'ZERO_PLAN',
      alert: null,
    });
  });
});
