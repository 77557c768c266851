import { divideHalfUp, minorToNumber, plannedKpis, toMinor, type KpiLine } from '../../shared/money';
import type { ActualDay } from './types';

/**
 * Planned vs actual KPIs of a plan line, an activity or any sum of actuals (docs/domain.md):
 * impressions, clicks, conversions, spend, CTR, CPC, CPM, CPA, CVR, ROAS. Every figure is computed
 * from exact integers (micros, thousandths) and rounded half-up once to 2 decimals (the product's
 * number rounding; money per docs/domain.md). A ratio whose denominator is 0 is 0 (any division by
 * zero shows 0), never Infinity or NaN. NULL means "not known": a count the plan does not plan
 * (plannedKpis plans only its buy type's unit) and every ratio built on it (a CPM line plans no
 * clicks, so no planned CTR); docs/pacing-and-billing.md.
 */

/** Exact totals a KPI set is computed from; null = not known (a count the plan does not plan). */
export interface KpiTotals {
  impressions: number | null;
  clicks: number | null;
  /** Thousandths of a conversion. */
  conversionsMilli: number | null;
  /** Spend in micros of the currency the figures are shown in. */
  spendMicros: number;
  conversionValueMicros: number | null;
}

export interface KpiSet {
  impressions: number | null;
  clicks: number | null;
  /** Conversions, 2 decimals (platforms report fractions). */
  conversions: number | null;
  /** Major units, 2 decimals. */
  spend: number;
  /** clicks ÷ impressions, in percent (2.35 = 2.35 %). */
  ctr: number | null;
  /** spend ÷ clicks, major units. */
  cpc: number | null;
  /** spend ÷ impressions × 1000, major units. */
  cpm: number | null;
  /** spend ÷ conversions, major units. */
  cpa: number | null;
  /** conversions ÷ clicks, in percent. */
  cvr: number | null;
  /** conversion value ÷ spend (a ratio: 3.2 = 3.20 returned per 1 spent). */
  roas: number | null;
}

export interface KpiComparison {
  planned: KpiSet;
  actual: KpiSet;
}

/**
 * n ÷ d rounded half-up to an integer, read as HUNDREDTHS (each caller scales n so that the quotient
 * is the figure × 100), returned as the 2-decimal number; 0 when d is 0 (docs/domain.md), null when
 * either is unknown.
 */
function hundredths(n: bigint | null, d: bigint | null): number | null {
  if (n === null || d === null) return null;
  if (d === 0n) return 0;
  // Negative denominators do not occur (counts and spend are ≥ 0); a credit's negative numerator rounds symmetrically.
  return minorToNumber(Number(d < 0n ? -divideHalfUp(n, -d) : divideHalfUp(n, d)));
}

const big = (v: number | null) => (v === null ? null : BigInt(v));
const times = (v: bigint | null, k: bigint) => (v === null ? null : v * k);

/** The KPIs of some totals. */
export function kpisOf(t: KpiTotals): KpiSet {
  const impressions = big(t.impressions);
  const clicks = big(t.clicks);
  const conversionsMilli = big(t.conversionsMilli);
  const spendMicros = BigInt(t.spendMicros);
  const valueMicros = big(t.conversionValueMicros);
  return {
    impressions: t.impressions,
    clicks: t.clicks,
    // thousandths → hundredths: ÷ 10.
    conversions: hundredths(conversionsMilli, 10n),
    // micros → hundredths (minor units): ÷ 10^4.
    spend: hundredths(spendMicros, 10_000n)!,
    // clicks ÷ impressions × 100 %, in hundredths: × 10^4.
    ctr: hundredths(times(clicks, 10_000n), impressions),
    // spendMicros ÷ 10^6 ÷ clicks, in hundredths: × 100 ÷ 10^6.
    cpc: hundredths(spendMicros, times(clicks, 10_000n)),
    // spendMicros ÷ 10^6 ÷ impressions × 1000, in hundredths.
    cpm: hundredths(spendMicros * 1000n, times(impressions, 10_000n)),
    // spendMicros ÷ 10^6 ÷ (conversionsMilli ÷ 1000), in hundredths.
    cpa: hundredths(spendMicros * 1000n, times(conversionsMilli, 10_000n)),
    // conversionsMilli ÷ 1000 ÷ clicks × 100 %, in hundredths.
    cvr: hundredths(times(conversionsMilli, 10n), clicks),
    // valueMicros ÷ spendMicros, in hundredths.
    roas: hundredths(times(valueMicros, 100n), spendMicros),
  };
}

/** Actual totals of rows already in ONE currency (convert the spend first when the rows mix currencies). */
export function actualTotals(
  rows: readonly Pick<
    ActualDay,
    'Impressions' | 'Clicks' | 'SpendMicros' | 'ConversionsMilli' | 'ConversionValueMicros'
  >[],
): KpiTotals {
  const t = { impressions: 0, clicks: 0, conversionsMilli: 0, spendMicros: 0, conversionValueMicros: 0 };
  for (const r of rows) {
    t.impressions += r.Impressions;
    t.clicks += r.Clicks;
    t.conversionsMilli += r.ConversionsMilli;
    t.spendMicros += r.SpendMicros;
    t.conversionValueMicros += r.ConversionValueMicros;
  }
  return t;
}

/**
 * A line's planned KPIs: the unit its buy type plans (shared/money plannedKpis: budget ÷ unit cost,
 * × 1000 for CPM, rounded down) with the budget as spend; the counts it does not plan are null, and
 * so is every ratio built on them (a CPM line plans no clicks: no planned CTR). ROAS is never planned.
 */
export function plannedKpiSet(line: KpiLine): KpiSet {
  const p = plannedKpis(line);
  return kpisOf({
    impressions: p.impressions,
    clicks: p.clicks,
    conversionsMilli: p.conversions === null ? null : p.conversions * 1000,
    spendMicros: toMinor(line.budget, 'budget') * 10_000,
    conversionValueMicros: null,
  });
}

/** Planned (the whole flight) beside actual (to date). */
export function compareKpis(line: KpiLine, actual: KpiTotals): KpiComparison {
  return { planned: plannedKpiSet(line), actual: kpisOf(actual) };
}
