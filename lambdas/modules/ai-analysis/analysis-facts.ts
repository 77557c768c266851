import { addDaysTo, type CalendarDay } from '../../shared/calendar';
import type { ChannelGroup } from '../channel-types/replies';
import type { ActivityPerformance, KpiSetView, PacingView, PerformanceLine } from '../performance/replies';
import { actualTotals, kpisOf, type KpiSet } from '../performance';
import type { ActualDay } from '../performance';

/**
 * The facts of an AI analysis: every figure an answer may state, computed by Mixdesk
 * from an activity-performance reply BEFORE any model sees it, each with an id (F1, F2, …) that the
 * answer cites and the grounding check (./grounding-check.ts) traces. Pure: no clock, no I/O.
 *
 * What is a fact (docs/ai-analytics.md "Facts"):
 * - the plan and each line: pacing %, the thresholds (plan only), planned to date, actual to date,
 *   budget, projected end spend and its gap to the budget, amount left, daily spend needed, days left;
 * - KPIs to date (actual CTR, CPC, CPM, CPA, CVR, ROAS, impressions, clicks, conversions) of the plan,
 *   each line and each channel group (a group's ratios recomputed from its lines' summed counts);
 * - changes vs the previous period, when one is given: the RECENT window's value (the last 7 complete
 *   days), the PREVIOUS window's (the 7 days before) and the change in % (analysisWindows, periodComparison);
 * - outliers: a line whose actual CTR or CPA is above 1.5× or below 0.5× the whole plan's (OUTLIER_RULE);
 * - data health: days without data, the provisional share, the connectors that are not OK.
 *
 * Values are numbers as shown: money in the plan's currency and percents with 2 decimals (the reply's,
 * or rounded half-up to 2 decimals here); a fact's Text is an English label without figures (the
 * figure is Value, with its Unit), so the text of a fact never carries a number of its own.
 */

export type FactUnit = 'currency' | 'percent' | 'count' | 'ratio' | 'days';
export type FactSubjectKind = 'plan' | 'line' | 'group';

export type FactMetric =
  | 'pacing_pct'
  | 'pacing_low'
  | 'pacing_high'
  | 'budget'
  | 'planned_to_date'
  | 'actual_to_date'
  | 'projected_end_spend'
  | 'projected_gap'
  | 'amount_left'
  | 'daily_spend_needed'
  | 'days_left'
  | 'ctr'
  | 'cpc'
  | 'cpm'
  | 'cpa'
  | 'cvr'
  | 'roas'
  | 'impressions'
  | 'clicks'
  | 'conversions'
  | 'spend'
  | 'recent_days'
  | 'previous_days'
  | 'recent_spend'
  | 'recent_ctr'
  | 'recent_cpa'
  | 'recent_conversions'
  | 'previous_spend'
  | 'previous_ctr'
  | 'previous_cpa'
  | 'previous_conversions'
  | 'change_spend_pct'
  | 'change_ctr_pct'
  | 'change_cpa_pct'
  | 'change_conversions_pct'
  | 'ctr_vs_plan'
  | 'cpa_vs_plan'
  | 'missing_days'
  | 'provisional_share_pct'
  | 'unhealthy_connectors';

export interface Fact {
  /** 'F1', 'F2', … in the order built. */
  Id: string;
  SubjectKind: FactSubjectKind;
  /** The plan's version name, the line's name, or the channel group. */
  Subject: string;
  /** The line's id when SubjectKind is 'line'. */
  LineId?: number;
  Metric: FactMetric;
  Value: number;
  Unit: FactUnit;
  /** ISO code of a 'currency' fact. */
  Currency?: string;
  /** An English label of the fact, without its figure. */
  Text: string;
}

/** The actual KPIs of one window of days. */
export interface PeriodKpis {
  /** 'YYYY-MM-DD', both included. */
  From: CalendarDay;
  To: CalendarDay;
  Plan: KpiSetView;
  /** By LineId; a line without an entry gets no change facts. */
  Lines?: Readonly<Record<number, KpiSetView>>;
}

/**
 * "Changes vs the previous period" (docs/ai-analytics.md): the PREVIOUS window's KPIs (From, To, Plan,
 * Lines) beside the RECENT window's (Recent), like with like — never the flight to date against a week.
 */
export interface PreviousPeriod extends PeriodKpis {
  Recent: PeriodKpis;
}

export interface FactOptions {
  /** The channel group of each channel type name (the account's channel types); a line of an unknown type is in no group. */
  groupOfChannelType?: Readonly<Record<string, ChannelGroup>>;
  previous?: PreviousPeriod | null;
}

/** The outlier rule (docs/ai-analytics.md): a line's KPI is an outlier above HIGH× or below LOW× the plan's. */
export const OUTLIER_RULE = {
  high: 1.5,
  low: 0.5,
  /** CTR is compared only for a line with at least this many impressions (a few hundred impressions say little). */
  minImpressions: 1000,
  /** CPA is compared only for a line with at least this many conversions. */
  minConversions: 5,
} as const;

/** Half-up to 2 decimals, symmetric for negatives; tolerant of binary noise (0.125 → 0.13). */
export function round2(x: number): number {
  const s = Math.sign(x);
  return (s * Math.floor(Math.abs(x) * 100 + 0.5 + 1e-7)) / 100 || 0;
}

const cents = (x: number) => Math.round(x * 100);

class FactList {
  readonly facts: Fact[] = [];
  constructor(private readonly currency: string) {}

  add(
    kind: FactSubjectKind,
    subject: string,
    metric: FactMetric,
    value: number | null | undefined,
    unit: FactUnit,
    text: string,
    lineId?: number,
  ): Fact | null {
    if (value === null || value === undefined || !Number.isFinite(value)) return null;
    const fact: Fact = {
      Id: `F${this.facts.length + 1}`,
      SubjectKind: kind,
      Subject: subject,
      Metric: metric,
      Value: value,
      Unit: unit,
      Text: `${subject}: ${text}`,
    };
    if (lineId !== undefined) fact.LineId = lineId;
    if (unit === 'currency') fact.Currency = this.currency;
    this.facts.push(fact);
    return fact;
  }
}

function pacingFacts(list: FactList, kind: FactSubjectKind, subject: string, p: PacingView, lineId?: number): void {
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

function kpiFacts(list: FactList, kind: FactSubjectKind, subject: string, k: KpiSetView, lineId?: number): void {
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
function periodFacts(
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

/** Days of [from, to], both included. */
const daysIn = (from: CalendarDay, to: CalendarDay) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** Days in each window of the comparison. */
export const WINDOW_DAYS = 7;

export interface AnalysisWindows {
  recent: { from: CalendarDay; to: CalendarDay };
  previous: { from: CalendarDay; to: CalendarDay };
}

/**
 * The two windows compared (docs/ai-analytics.md "Changes vs the previous period"): RECENT = the last
 * WINDOW_DAYS complete days through `asOf` (or the flight's end, when earlier), clipped to the flight's
 * start; PREVIOUS = the WINDOW_DAYS days just before it, clipped to the start. Null when the flight has
 * not started by `asOf`, or has no day before RECENT.
 */
export function analysisWindows(
  asOf: CalendarDay,
  start: CalendarDay | null,
  end: CalendarDay | null,
): AnalysisWindows | null {
  if (start === null) return null;
  const to = end !== null && end < asOf ? end : asOf;
  if (to < start) return null;
  const later = (a: CalendarDay, b: CalendarDay) => (a > b ? a : b);
  const from = later(addDaysTo(to, -(WINDOW_DAYS - 1)), start);
  if (from <= start) return null;
  const prevTo = addDaysTo(from, -1);
  return { recent: { from, to }, previous: { from: later(addDaysTo(prevTo, -(WINDOW_DAYS - 1)), start), to: prevTo } };
}

const setView = (k: KpiSet): KpiSetView => ({
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

/** The KPIs of rows already in the plan's currency, per line and summed, inside one window (kpis.ts, as the reply's). */
function windowKpis(
  lines: readonly { lineId: number; rows: readonly ActualDay[] }[],
  from: CalendarDay,
  to: CalendarDay,
): PeriodKpis {
  const inside = lines.map((l) => ({
    lineId: l.lineId,
    rows: l.rows.filter((r) => r.Period >= from && r.Period <= to),
  }));
  return {
    From: from,
    To: to,
    Plan: setView(kpisOf(actualTotals(inside.flatMap((l) => l.rows)))),
    Lines: Object.fromEntries(inside.map((l) => [l.lineId, setView(kpisOf(actualTotals(l.rows)))])),
  };
}

/**
 * The comparison of the two windows from each line's day rows, already in the plan's currency (the
 * same rows the performance reply summed: activity-performance.ts activityPerformanceWithRows).
 */
export function periodComparison(
  windows: AnalysisWindows,
  lines: readonly { lineId: number; rows: readonly ActualDay[] }[],
): PreviousPeriod {
  return {
    ...windowKpis(lines, windows.previous.from, windows.previous.to),
    Recent: windowKpis(lines, windows.recent.from, windows.recent.to),
  };
}

/** The summed actual KPIs of some lines (a channel group): counts and spend summed, ratios recomputed (docs/domain.md; 0 on a zero denominator). */
export function sumKpis(sets: readonly KpiSetView[]): KpiSetView {
  let impressions = 0,
    clicks = 0,
    convCents = 0,
    spendCents = 0,
    value = 0,
    roasKnown = true;
  for (const k of sets) {
    impressions += k.Impressions ?? 0;
    clicks += k.Clicks ?? 0;
    convCents += cents(k.Conversions ?? 0);
    spendCents += cents(k.Spend);
    if (k.Roas === null) roasKnown = false;
    else value += k.Roas * k.Spend; // ROAS × spend = conversion value (to the shown precision)
  }
  const div = (n: number, d: number) => (d === 0 ? 0 : round2(n / d));
  const conversions = convCents / 100;
  const spend = spendCents / 100;
  return {
    Impressions: impressions,
    Clicks: clicks,
    Conversions: conversions,
    Spend: spend,
    Ctr: div(clicks * 100, impressions),
    Cpc: div(spend, clicks),
    Cpm: div(spend * 1000, impressions),
    Cpa: div(spend, conversions),
    Cvr: div(conversions * 100, clicks),
    Roas: roasKnown ? div(value, spend) : null,
  };
}

function outlierFacts(list: FactList, plan: KpiSetView, line: PerformanceLine): void {
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

function healthFacts(list: FactList, subject: string, p: PacingView): void {
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

/** The facts of one version of an activity's plan against its actuals, in a stable order: plan, lines, groups, outliers, health. */
export function analysisFacts(perf: ActivityPerformance, opts: FactOptions = {}): Fact[] {
  const list = new FactList(perf.CurrencyCode);
  const plan = perf.VersionName ? `${perf.ActivityName} — ${perf.VersionName}` : perf.ActivityName;
  const previous = opts.previous ?? null;

  pacingFacts(list, 'plan', plan, perf.Pacing);
  list.add('plan', plan, 'pacing_low', perf.PacingLow, 'percent', 'under-pacing threshold (PacingLow)');
  list.add('plan', plan, 'pacing_high', perf.PacingHigh, 'percent', 'over-pacing threshold (PacingHigh)');
  kpiFacts(list, 'plan', plan, perf.Kpis.Actual);
  if (previous && periodFacts(list, 'plan', plan, previous.Recent.Plan, previous.Plan)) {
    list.add(
      'plan',
      plan,
      'recent_days',
      daysIn(previous.Recent.From, previous.Recent.To),
      'days',
      'days in the recent period (through the last complete day)',
    );
    list.add(
      'plan',
      plan,
      'previous_days',
      daysIn(previous.From, previous.To),
      'days',
      'days in the previous period (just before the recent period)',
    );
  }

  for (const line of perf.Lines) {
    pacingFacts(list, 'line', line.Name, line.Pacing, line.LineId);
    kpiFacts(list, 'line', line.Name, line.Kpis.Actual, line.LineId);
    const before = previous?.Lines?.[line.LineId];
    const recent = previous?.Recent.Lines?.[line.LineId];
    if (before && recent) periodFacts(list, 'line', line.Name, recent, before, line.LineId);
  }

  const groups = new Map<ChannelGroup, PerformanceLine[]>();
  for (const line of perf.Lines) {
    const g = opts.groupOfChannelType?.[line.ChannelTypeName];
    if (g) groups.set(g, [...(groups.get(g) ?? []), line]);
  }
  for (const [group, lines] of [...groups].sort(([a], [b]) => a.localeCompare(b))) {
    const planned = lines.reduce((s, l) => s + cents(l.Pacing.PlannedToDate), 0);
    const actual = lines.reduce((s, l) => s + cents(l.Pacing.ActualToDate), 0);
    list.add(
      'group',
      group,
      'budget',
      lines.reduce((s, l) => s + cents(l.Pacing.PlannedBudget), 0) / 100,
      'currency',
      "budget of the group's lines",
    );
    list.add('group', group, 'actual_to_date', actual / 100, 'currency', "actual spend to date of the group's lines");
    if (planned > 0)
      list.add(
        'group',
        group,
        'pacing_pct',
        round2((actual / planned) * 100),
        'percent',
        "pacing of the group's lines",
      );
    kpiFacts(list, 'group', group, sumKpis(lines.map((l) => l.Kpis.Actual)));
  }

  for (const line of perf.Lines) outlierFacts(list, perf.Kpis.Actual, line);
  healthFacts(list, plan, perf.Pacing);
  return list.facts;
}

/** The subjects named by facts (plan, lines, groups): the grounding check skips figures inside these names. */
export function factSubjects(facts: readonly Fact[]): string[] {
  return [...new Set(facts.map((f) => f.Subject))];
}
