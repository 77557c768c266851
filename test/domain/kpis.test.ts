import { actualTotals, compareKpis, kpisOf, plannedKpiSet } from '../../lambdas/modules/performance/kpis';
import type { ActualDay } from '../../lambdas/modules/performance/types';
import { zeroMeasures } from '../../lambdas/modules/performance-data/stat-keys';

/** Planned vs actual KPIs (docs/domain.md): hand-computed figures, 2 decimals half-up; a zero denominator gives 0, an unplanned count null. */

const row = (p: Partial<ActualDay>): ActualDay => ({
  Period: '2026-03-01',
  Currency: 'ILS',
  ...zeroMeasures(),
  ...p,
});

describe('actual KPIs', () => {
  it('computes each ratio from the exact totals', () => {
    // Two days: 200,000 impressions, 3,000 clicks, 45.5 conversions, spend 1,234.56, value 5,000.00.
    const totals = actualTotals([
      row({
        Impressions: 120_000,
        Clicks: 1_000,
        ConversionsMilli: 20_500,
        SpendMicros: 734_560_000,
        ConversionValueMicros: 2_000_000_000,
      }),
      row({
        Period: '2026-03-02',
        Impressions: 80_000,
        Clicks: 2_000,
        ConversionsMilli: 25_000,
        SpendMicros: 500_000_000,
        ConversionValueMicros: 3_000_000_000,
      }),
    ]);
    expect(kpisOf(totals)).toEqual({
      impressions: 200_000,
      clicks: 3_000,
      conversions: 45.5,
      spend: 1234.56,
      ctr: 1.5, //   3000 / 200000 = 1.5 %
      cpc: 0.41, //  1234.56 / 3000 = 0.41152
      cpm: 6.17, //  1234.56 / 200000 × 1000 = 6.1728
      cpa: 27.13, // 1234.56 / 45.5 = 27.1332…
      cvr: 1.52, //  45.5 / 3000 = 1.51666… %
      roas: 4.05, // 5000 / 1234.56 = 4.0500…
    });
  });

  it('rounds half up once: 0.05 over 10 clicks is a CPC of 0.01', () => {
    // 0.005 exactly → 0.01; 2 conversions of 0.0149 spend → CPA 0.00745 → 0.01 (half-up of 0.745 cents).
    expect(
      kpisOf({ impressions: 1, clicks: 10, conversionsMilli: 2_000, spendMicros: 50_000, conversionValueMicros: 0 })
        .cpc,
    ).toBe(0.01);
    expect(
      kpisOf({ impressions: 1, clicks: 1, conversionsMilli: 2_000, spendMicros: 14_900, conversionValueMicros: 0 }).cpa,
    ).toBe(0.01);
  });

  it('gives 0, never Infinity or NaN, when a denominator is 0 (docs/domain.md "any division by zero shows 0")', () => {
    const none = kpisOf(actualTotals([]));
    expect(none).toEqual({
      impressions: 0,
      clicks: 0,
      conversions: 0,
      spend: 0,
      ctr: 0,
      cpc: 0,
      cpm: 0,
      cpa: 0,
      cvr: 0,
      roas: 0,
    });
    // Spend but no clicks or conversions: CPC, CVR and CPA divide by 0 → 0; CTR is 0 % and CPM 2.00 as computed.
    const noClicks = kpisOf({
      impressions: 1000,
      clicks: 0,
      conversionsMilli: 0,
      spendMicros: 2_000_000,
      conversionValueMicros: 0,
    });
    expect(noClicks).toMatchObject({ ctr: 0, cpc: 0, cvr: 0, cpa: 0, cpm: 2, roas: 0 });
    // Conversion value with no spend: ROAS divides by 0 → 0.
    expect(
      kpisOf({ impressions: 0, clicks: 0, conversionsMilli: 1000, spendMicros: 0, conversionValueMicros: 5_000_000 })
        .roas,
    ).toBe(0);
    // An unknown count stays null (not a division by zero: no figure at all).
    expect(
      kpisOf({
        impressions: null,
        clicks: 5,
        conversionsMilli: null,
        spendMicros: 1_000_000,
        conversionValueMicros: null,
      }),
    ).toMatchObject({ ctr: null, cpm: null, cpa: null, cvr: null, roas: null, cpc: 0.2 });
  });
});

describe('planned KPIs', () => {
  it("plans the unit of the line's buy type and nulls what it does not plan", () => {
    // CPM 12.50, budget 5,000.00 → 5000 / 12.5 × 1000 = 400,000 impressions; planned CPM 12.50.
    expect(plannedKpiSet({ buyType: 'CPM', budget: 5000, unitCost: 12.5 })).toEqual({
      impressions: 400_000,
      clicks: null,
      conversions: null,
      spend: 5000,
      ctr: null,
      cpc: null,
      cpm: 12.5,
      cpa: null,
      cvr: null,
      roas: null,
    });
    // CPC 0.37, budget 1,000.00 → floor(2702.7) = 2,702 clicks; planned CPC 1000 / 2702 = 0.370096… → 0.37.
    expect(plannedKpiSet({ buyType: 'CPC', budget: 1000, unitCost: 0.37 })).toMatchObject({
      clicks: 2_702,
      cpc: 0.37,
      impressions: null,
      ctr: null,
    });
    // Flat plans no unit at all.
    expect(plannedKpiSet({ buyType: 'Flat', budget: 1000, unitCost: 0 })).toMatchObject({
      impressions: null,
      clicks: null,
      conversions: null,
      spend: 1000,
      cpm: null,
    });
  });

  it('sets planned beside actual', () => {
    // CPA 25.00, budget 1,000.00 → 40 conversions; actual 30 conversions for 900.00 → CPA 30.00.
    const c = compareKpis(
      { buyType: 'CPA', budget: 1000, unitCost: 25 },
      {
        impressions: 10_000,
        clicks: 600,
        conversionsMilli: 30_000,
        spendMicros: 900_000_000,
        conversionValueMicros: null,
      },
    );
    expect([c.planned.conversions, c.planned.cpa, c.actual.conversions, c.actual.cpa, c.actual.roas]).toEqual([
      40,
      25,
      30,
      30,
      null,
    ]);
  });
});
