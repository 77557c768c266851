import { reportRows, type ActivityActuals } from '../../lambdas/modules/reports/performance-report-rows';
import { daysIn, periodOfCode, previousPeriod } from '../../lambdas/modules/reports/periods';
import type { ActualDay } from '../../lambdas/modules/performance/types';
import { zeroMeasures } from '../../lambdas/modules/performance-data/stat-keys';

/** The report's pure rules: period codes, the previous period, rows and totals (hand-computed). */
const day = (Period: string, over: Partial<ActualDay> = {}): ActualDay => ({
  Period,
  Currency: 'ILS',
  ...zeroMeasures(),
  ...over,
});

describe('periodOfCode', () => {
  it.each([
    ['1', '2026-03-01', '2026-03-01', '2026-03-01'],
    ['2', '2026-03-01', '2026-02-28', '2026-02-28'],
    ['3', '2026-03-17', '2026-03-01', '2026-03-17'],
    ['4', '2026-03-17', '2026-02-01', '2026-02-28'],
    ['4', '2024-03-01', '2024-02-01', '2024-02-29'],
    ['4', '2026-01-05', '2025-12-01', '2025-12-31'],
  ] as const)('code %s on %s is %s – %s', (code, today, from, to) => {
    expect(periodOfCode(code, today)).toEqual({ from, to });
  });

  it.each([
    ['a month: the month before', '2026-11-01', '2026-11-30', false, '2026-10-01', '2026-10-31'],
    ['February: January, whole', '2026-02-01', '2026-02-28', false, '2026-01-01', '2026-01-31'],
    ['March (31 days) after a 28-day February', '2026-03-01', '2026-03-31', false, '2026-02-01', '2026-02-28'],
    ['a quarter: the quarter before', '2026-04-01', '2026-06-30', false, '2026-01-01', '2026-03-31'],
    ['the first quarter: the last of the year before', '2026-01-01', '2026-03-31', false, '2025-10-01', '2025-12-31'],
    ['a year: the year before (a leap year)', '2025-01-01', '2025-12-31', false, '2024-01-01', '2024-12-31'],
    [
      'this month to date: the same days of the month before',
      '2026-12-01',
      '2026-12-02',
      true,
      '2026-11-01',
      '2026-11-02',
    ],
    ['this month to the 30th of March: all of February', '2026-03-01', '2026-03-30', true, '2026-02-01', '2026-02-28'],
    [
      'a custom range: the same length immediately before',
      '2026-02-10',
      '2026-02-19',
      false,
      '2026-01-31',
      '2026-02-09',
    ],
    [
      'a custom range from a 1st: the same length immediately before',
      '2026-12-01',
      '2026-12-02',
      false,
      '2026-11-29',
      '2026-11-30',
    ],
    ['one day: the day before', '2026-03-01', '2026-03-01', false, '2026-02-28', '2026-02-28'],
  ] as const)('the previous period of %s', (_, from, to, monthToDate, pFrom, pTo) => {
    expect(previousPeriod({ from, to }, monthToDate)).toEqual({ from: pFrom, to: pTo });
  });

  it('counts the days of a period', () => {
    expect(daysIn({ from: '2025-01-01', to: '2025-12-31' })).toBe(365);
  });
});

describe('reportRows', () => {
  it('rounds each row once and totals the rounded rows (3 × 1.005 → 1.01 each, total 3.03)', () => {
    const actuals: ActivityActuals[] = [1, 2, 3].map((id) => ({
      activityId: id,
      accountId: 9,
      rows: [day('2026-02-05', { SpendMicros: 1_005_000, ConversionsMilli: 1_005 })],
    }));
    const { rows, totals } = reportRows(
      'activity',
      actuals,
      { from: '2026-02-01', to: '2026-02-28' },
      null,
      (k) => `A${k}`,
    );
    expect(rows.map((r) => [r.Key, r.Spend, r.Conversions])).toEqual([
      ['1', 1.01, 1.01],
      ['2', 1.01, 1.01],
      ['3', 1.01, 1.01],
    ]);
    expect(totals).toMatchObject({ Spend: 3.03, Conversions: 3.03, Cpa: 1, Ctr: 0, Cpc: 0, Roas: 0 });
  });

  it('keeps days outside the period out, and sets the previous period beside each group', () => {
    const actuals: ActivityActuals[] = [
      {
        activityId: 1,
        accountId: 7,
        rows: [
          day('2026-01-31', { SpendMicros: 2_000_000 }),
          day('2026-02-01', { SpendMicros: 5_000_000 }),
          day('2026-03-01', { SpendMicros: 9_000_000 }),
        ],
      },
    ];
    const { rows, totals, previousTotals } = reportRows(
      'account',
      actuals,
      { from: '2026-02-01', to: '2026-02-28' },
      { from: '2026-01-04', to: '2026-01-31' },
      () => 'Acme',
    );
    expect(rows).toMatchObject([{ Key: '7', Label: 'Acme', Spend: 5, Previous: { Spend: 2 } }]);
    expect(totals.Spend).toBe(5);
    expect(previousTotals!.Spend).toBe(2);
  });

  it("groups by campaign key and evaluates custom columns per row and on the totals' sums", () => {
    const actuals: ActivityActuals[] = [
      {
        activityId: 1,
        accountId: 9,
        lineId: 4,
        campaign: 'meta_ads|a|c1|4',
        rows: [day('2026-02-05', { SpendMicros: 10_000_000, ConversionsMilli: 2000 })],
      },
      {
        activityId: 1,
        accountId: 9,
        lineId: 4,
        campaign: 'meta_ads|a|c2|4',
        rows: [day('2026-02-06', { SpendMicros: 6_000_000 })],
      },
    ];
    const perConversion = (f: { Spend: number; Conversions: number }) => ({
      1: f.Conversions === 0 ? 0 : f.Spend / f.Conversions,
    });
    const { rows, totals } = reportRows(
      'campaign',
      actuals,
      { from: '2026-02-01', to: '2026-02-28' },
      null,
      (k) => k.split('|')[2],
      () => undefined,
      perConversion,
    );
    expect(rows.map((r) => [r.Label, r.Spend, r.Custom])).toEqual([
      ['c1', 10, { 1: 5 }],
      ['c2', 6, { 1: 0 }],
    ]);
    // 16 / 2, not 5 + 0.
    expect(totals).toMatchObject({ Spend: 16, Conversions: 2, Custom: { 1: 8 } });
  });
});
