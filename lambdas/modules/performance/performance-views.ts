import type { FxEffectView, KpiSetView, PacingView } from './replies';
import { minorToNumber, type Minor } from '../../shared/money';
import { microsToMinor, type FxEffect } from './actuals-fx';
import { kpisOf, type KpiSet } from './kpis';
import type { Pacing } from './pacing-types';
import type { ActualDay } from './types';
import type { PerformanceStat } from '../../shared/formula';

/** The activity performance reply's views of pacing, KPIs and FX, and the plan-level sums of its lines'. Pure. */

export const money = (m: Minor) => minorToNumber(m);

export function pacingView(p: Pacing): PacingView {
  return {
    Phase: p.phase,
    PlannedBudget: money(p.plannedBudget),
    PlannedToDate: money(p.plannedToDate),
    ActualToDate: money(p.actualToDate),
    PacingPct: p.pacingPct,
    PacingNullReason: p.pacingNullReason,
    Status: p.status,
    Alert: p.alert,
    DaysLeft: p.daysLeft,
    AverageDailySpend: money(p.averageDailySpend),
    ProjectedEndSpend: money(p.projectedEndSpend),
    AmountLeft: money(p.amountLeft),
    DailySpendNeeded: p.dailySpendNeeded === null ? null : money(p.dailySpendNeeded),
    Basis: {
      ElapsedDays: p.basis.elapsedDays,
      DaysOfData: p.basis.daysOfData,
      ProvisionalDays: p.basis.provisionalDays,
      ProvisionalSharePct: p.basis.provisionalSharePct,
      ConnectorHealth: p.basis.connectorHealth,
      UnhealthyConnectors: p.basis.unhealthyConnectors,
      Notes: p.basis.notes,
      MissingDays: p.basis.missingDays,
    },
  };
}

export const kpiView = (k: KpiSet): KpiSetView => ({
  Impressions: k.impressions,
  Clicks: k.clicks,
  Conversions: k.conversions,
  Spend: k.spend,
  Ctr: k.ctr,
  Cpc: k.cpc,
  Cpm: k.cpm,
  Cpa: k.cpa,
  Cvr: k.cvr,
  Roas: k.roas,
});

export const fxView = (f: FxEffect): FxEffectView => ({
  AtDayRates: money(f.atDayRates),
  AtPlanRate: f.atPlanRate === null ? null : money(f.atPlanRate),
  Effect: f.effect === null ? null : money(f.effect),
  Gap: f.gap,
  ForeignCurrencies: f.foreignCurrencies,
});

/**
 * The plan's planned KPIs (for the flight, or to date): a count only when every line plans it (a plan
 * of CPM and CPC lines plans neither as a whole), `budgetMinor` (the budget, or the planned spend to
 * date) as spend.
 */
export function planPlannedKpis(budgetMinor: number, planned: readonly KpiSet[]): KpiSet {
  const sumIfAll = (f: (k: KpiSet) => number | null) =>
    planned.length && planned.every((k) => f(k) !== null) ? planned.reduce((s, k) => s + f(k)!, 0) : null;
  const conversions = sumIfAll((k) => k.conversions);
  return kpisOf({
    impressions: sumIfAll((k) => k.impressions),
    clicks: sumIfAll((k) => k.clicks),
    conversionsMilli: conversions === null ? null : Math.round(conversions * 1000),
    spendMicros: budgetMinor * 10_000,
    conversionValueMicros: null,
  });
}

/** The figures a custom column sees: the actual KPIs as shown, the conversion value and video views of the same rows. */
export function statOf(actual: KpiSet, rows: readonly ActualDay[]): PerformanceStat {
  let valueMicros = 0;
  let videoViews = 0;
  for (const r of rows) {
    valueMicros += r.ConversionValueMicros;
    videoViews += r.VideoViews;
  }
  return {
    impressions: actual.impressions ?? 0,
    clicks: actual.clicks ?? 0,
    spend: actual.spend,
    conversions: actual.conversions ?? 0,
    conversionValue: microsToMinor(valueMicros) / 100,
    videoViews,
  };
}

/** The plan's FX effect: the sums of its lines' rounded figures (so the plan row is the sum of the rows above it). */
export function planFx(lines: readonly FxEffect[]): FxEffect {
  const atDayRates = lines.reduce((s, f) => s + f.atDayRates, 0);
  const gap = lines.find((f) => f.gap)?.gap ?? null;
  const atPlanRate = gap ? null : lines.reduce((s, f) => s + (f.atPlanRate ?? 0), 0);
  return {
    atDayRates,
    atPlanRate,
    effect: atPlanRate === null ? null : atDayRates - atPlanRate,
    gap,
    foreignCurrencies: [...new Set(lines.flatMap((f) => f.foreignCurrencies))].sort(),
  };
}
