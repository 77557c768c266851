import type { KpiSetView, PacingView, PerformanceLine } from '../performance/replies';
import { cents, round2, type FactList, type FactSubjectKind } from './fact-list';
import type { FactMetric, FactUnit } from './fact-list';

/**
 * The facts of one subject (the plan, a line or a channel group), one builder per kind of fact:
 * pacing, KPIs to date, changes vs the previous period, outliers, data health (analysis-facts.ts
 * puts them in order).
 */

/** The outlier rule (docs/ai-analytics.md): a line's KPI is an outlier above HIGH× or below LOW× the plan's. */
export const OUTLIER_RULE = {
  high: 1.5,
  low: 0.5,
  /** CTR is compared only for a line with at least this many impressions (a few hundred impressions say little). */
  minImpressions: 1000,
  /** CPA is compared only for a line with at least this many conversions. */
  minConversions: 5,
} as const;

export function pacingFacts(
  list: FactList,
  kind: FactSubjectKind,
  subject: string,
  p: PacingView,
  lineId?: number,
): void {
  list.add(kind, subject, 'pacing_pct', p.PacingPct, 'percent', 'pacing (actual ÷ planned to date)', lineId);
  list.add(kind, subject, 'budget', p.PlannedBudget, 'currency', 'budget', lineId);
  list.add(kind, subject, 'planned_to_date', p.PlannedToDate, 'currency', 'planned spend to date', lineId);
  list.add(kind, subject, 'actual_to_date', p.ActualToDate, 'currency', 'actual spend to date', lineId);
  if (p.Phase !== 'ended') {
    list.add(
      kind,
      subject,
      'projected_end_spend',
      p.ProjectedEndSpend,
      'currency',
      'projected spend at the end date',
      lineId,
    );
    list.add(
      kind,
      subject,
      'projected_gap',
      round2((cents(p.ProjectedEndSpend) - cents(p.PlannedBudget)) / 100),
      'currency',
      'projected end spend minus budget (negative: below budget)',
      lineId,
    );
    list.add(kind, subject, 'days_left', p.DaysLeft, 'days', 'days left, today included', lineId);
    list.add(
      kind,
      subject,
      'daily_spend_needed',
      p.DailySpendNeeded,
      'currency',
      'daily spend needed to land on the budget',
      lineId,
    );
  }
  list.add(kind, subject, 'amount_left', p.AmountLeft, 'currency', 'budget left (negative: over budget)', lineId);
}

const KPI_FIELDS: readonly [keyof KpiSetView, FactMetric, FactUnit, string][] = [
  ['Ctr', 'ctr', 'percent', 'actual CTR to date'],
  ['Cpc', 'cpc', 'currency', 'actual CPC to date'],
  ['Cpm', 'cpm', 'currency', 'actual CPM to date'],
  ['Cpa', 'cpa', 'currency', 'actual CPA to date'],
  ['Cvr', 'cvr', 'percent', 'actual conversion rate to date'],
  ['Roas', 'roas', 'ratio', 'actual ROAS to date (conversion value ÷ spend)'],
  ['Impressions', 'impressions', 'count', 'impressions to date'],
  ['Clicks', 'clicks', 'count', 'clicks to date'],
  ['Conversions', 'conversions', 'count', 'conversions to date'],
];

export function kpiFacts(list: FactList, kind: FactSubjectKind, subject: string, k: KpiSetView, lineId?: number): void {
  // A KPI of a line with no spend and no impressions says nothing (every ratio is 0 then: a division by zero gives 0, docs/domain.md).
  if (k.Spend === 0 && !k.Impressions) return;
  for (const [field, metric, unit, text] of KPI_FIELDS) list.add(kind, subject, metric, k[field], unit, text, lineId);
}

/** change in % of now vs before, 2 decimals; null when before is 0 or either is unknown. */
function changePct(now: number | null, before: number | null): number | null {
  if (now === null || before === null || before === 0) return null;
  return round2(((now - before) / before) * 100);
}

/** A window with no spend and no impressions says nothing about its ratios (every one is 0 then: a division by zero gives 0, docs/domain.md). */
const hasData = (k: KpiSetView) => k.Spend !== 0 || (k.Impressions ?? 0) > 0;
/** CTR is known in a window with impressions, CPA in one with conversions (a 0 there is a division by zero, not a figure). */
const ctrOf = (k: KpiSetView) => ((k.Impressions ?? 0) > 0 ? k.Ctr : null);
const cpaOf = (k: KpiSetView) => ((k.Conversions ?? 0) > 0 ? k.Cpa : null);

const PERIOD_ROWS: readonly [FactMetric, FactMetric, FactMetric, (k: KpiSetView) => number | null, FactUnit, string][] =
  [
    ['recent_spend', 'previous_spend', 'change_spend_pct', (k) => k.Spend, 'currency', 'spend'],
    ['recent_ctr', 'previous_ctr', 'change_ctr_pct', ctrOf, 'percent', 'CTR'],
    ['recent_cpa', 'previous_cpa', 'change_cpa_pct', cpaOf, 'currency', 'CPA'],
    [
      'recent_conversions',
      'previous_conversions',
      'change_conversions_pct',
      (k) => k.Conversions,
      'count',
      'conversions',
    ],
  ];

/**
 * The RECENT window's value, the PREVIOUS window's and the change in %, for spend, CTR, CPA and
 * conversions; nothing when either window has no data (no spend, no impressions), a value only when
 * known in its window, a change only when both are known and the previous one is not 0.
 */
export function periodFacts(
  list: FactList,
  kind: FactSubjectKind,
  subject: string,
  recent: KpiSetView,
  before: KpiSetView,
  lineId?: number,
): boolean {
  if (!hasData(recent) || !hasData(before)) return false;
  for (const [recentMetric, prevMetric, changeMetric, valueOf, unit, label] of PERIOD_ROWS) {
    const n = valueOf(recent);
    const b = valueOf(before);
    list.add(kind, subject, recentMetric, n, unit, `${label} in the recent period (its last complete days)`, lineId);
    list.add(
      kind,
      subject,
      prevMetric,
      b,
      unit,
      `${label} in the previous period (the days just before the recent one)`,
      lineId,
    );
    list.add(
      kind,
      subject,
      changeMetric,
      changePct(n, b),
      'percent',
      `change of ${label}, recent vs previous period, in %`,
      lineId,
    );
  }
  return true;
}

export function outlierFacts(list: FactList, plan: KpiSetView, line: PerformanceLine): void {
  const k = line.Kpis.Actual;
  const ratioOf = (mine: number | null, theirs: number | null) =>
    mine === null || theirs === null || mine <= 0 || theirs <= 0 ? null : round2(mine / theirs);
  const isOutlier = (r: number | null) => r !== null && (r > OUTLIER_RULE.high || r < OUTLIER_RULE.low);
  if ((k.Impressions ?? 0) >= OUTLIER_RULE.minImpressions) {
    const r = ratioOf(k.Ctr, plan.Ctr);
    if (isOutlier(r))
      list.add(
        'line',
        line.Name,
        'ctr_vs_plan',
        r,
        'ratio',
        `CTR outlier: the line's CTR ÷ the plan's CTR (${r! > 1 ? 'above' : 'below'} the plan)`,
        line.LineId,
      );
  }
  if ((k.Conversions ?? 0) >= OUTLIER_RULE.minConversions) {
    const r = ratioOf(k.Cpa, plan.Cpa);
    if (isOutlier(r))
      list.add(
        'line',
        line.Name,
        'cpa_vs_plan',
        r,
        'ratio',
        `CPA outlier: the line's CPA ÷ the plan's CPA (${r! > 1 ? 'costlier' : 'cheaper'} than the plan)`,
        line.LineId,
      );
  }
}

export function healthFacts(list: FactList, subject: string, p: PacingView): void {
  const b = p.Basis;
  const missing = b.ElapsedDays - b.DaysOfData;
  if (b.ElapsedDays > 0 && missing > 0)
    list.add(
      'plan',
      subject,
      'missing_days',
      missing,
      'days',
      'days of the flight to date without any actuals',
      undefined,
    );
  if (b.ProvisionalSharePct !== null && b.ProvisionalSharePct > 0) {
    list.add(
      'plan',
      subject,
      'provisional_share_pct',
      b.ProvisionalSharePct,
      'percent',
      'share of the days of data still provisional (the platforms may restate them)',
    );
  }
  if (b.UnhealthyConnectors.length > 0) {
    list.add(
      'plan',
      subject,
      'unhealthy_connectors',
      b.UnhealthyConnectors.length,
      'count',
      'connectors feeding the actuals that are not OK',
    );
  }
}
