import type { Fact, FactMetric } from './fact-list';
import type { Locale } from '../../shared/locales';
import { amountIn } from './figure-notation';
import { ANALYSIS_WORDS, type AnalysisWords } from './deterministic-words';

/**
 * The deterministic analysis: the offline default, and what is shown when a model's
 * answer fails the grounding check twice. It writes the findings from the facts alone — the plan's
 * pacing, the under- and over-pacing lines, the projected end spend, CTR/CPA outliers, changes vs the
 * previous period, the data-health caveats — in the user's language (deterministic-words.ts), every figure followed by its fact
 * id, and says plainly that no model wrote it. Pure; its own output always passes the grounding check
 * (test/ai/deterministic-analysis.test.ts).
 *
 * Under/over follows the facts' thresholds (pacing_low / pacing_high: below low is under, above high
 * is over, both included on pace, as docs/pacing-and-billing.md); a line is named only while live
 * (it has a days-left fact).
 */

/** The language of an analysis: a console locale. */
export type AnalysisLang = Locale;

export interface DeterministicAnalysis {
  text: string;
  /** One finding a paragraph, the first the notice that no model wrote it. */
  findings: string[];
  model: 'deterministic';
}

const LRI = '\u2066';
const PDI = '\u2069';

/** A fact's figure as an answer writes it, followed by its id. Hebrew wraps the figure in an isolate so it reads left to right. */
function figure(f: Fact, w: AnalysisWords, lang: AnalysisLang): string {
  const n = amountIn(f.Value, lang);
  const u = w.units;
  let shown: string;
  switch (f.Unit) {
    case 'percent':
      shown = u.percent(n);
      break;
    case 'ratio':
      shown = u.ratio(n);
      break;
    case 'currency':
      if (f.Currency === 'ILS') shown = u.ils(n);
      else if (f.Currency === 'USD') shown = u.usd(n);
      else shown = `${n} ${f.Currency ?? ''}`.trim();
      break;
    case 'days':
      shown = u.days(n, f.Value);
      break;
    default:
      shown = n;
  }
  return w.isolate ? `${LRI}${shown}${PDI} [${f.Id}]` : `${shown} [${f.Id}]`;
}

/** Each compared metric: its RECENT fact, its PREVIOUS fact and its change (fact-builders.ts periodFacts). */
const PERIOD_METRICS: readonly [FactMetric, FactMetric, FactMetric][] = [
  ['recent_spend', 'previous_spend', 'change_spend_pct'],
  ['recent_ctr', 'previous_ctr', 'change_ctr_pct'],
  ['recent_cpa', 'previous_cpa', 'change_cpa_pct'],
  ['recent_conversions', 'previous_conversions', 'change_conversions_pct'],
];

/** What each step of the analysis reads: the texts, the figures, the facts and the plan's thresholds. */
interface Reading {
  t: AnalysisWords;
  facts: readonly Fact[];
  fig: (f: Fact) => string;
  of: (subject: string, metric: FactMetric) => Fact | undefined;
  plan: string;
  stateOf: (pct: Fact) => 'under' | 'over' | 'on_pace';
}

/** The plan's pacing. */
function planPacingFinding({ t, fig, of, plan, stateOf }: Reading): string | undefined {
  const low = of(plan, 'pacing_low');
  const high = of(plan, 'pacing_high');
  const pct = of(plan, 'pacing_pct');
  const actual = of(plan, 'actual_to_date');
  const planned = of(plan, 'planned_to_date');
  if (!(pct && actual && planned && low && high)) return undefined;
  const state = stateOf(pct);
  const said =
    state === 'under' ? t.under(fig(low)) : state === 'over' ? t.over(fig(high)) : t.onPace(fig(low), fig(high));
  return t.planPacing(plan, fig(pct), fig(actual), fig(planned), said);
}

/** Under- and over-pacing live lines. */
function linePacingFindings({ t, facts, fig, of, stateOf }: Reading): string[] {
  const findings: string[] = [];
  const lines = [...new Set(facts.filter((f) => f.SubjectKind === 'line').map((f) => f.Subject))];
  for (const line of lines) {
    const p = of(line, 'pacing_pct');
    const daysLeft = of(line, 'days_left');
    if (!p || !daysLeft) continue;
    const state = stateOf(p);
    if (state === 'on_pace') continue;
    // A line with nothing left to spend needs no daily spend ("₪0 a day"): it is over its budget, by so much.
    const daily = of(line, 'daily_spend_needed');
    const left = of(line, 'amount_left');
    const tail =
      left && left.Value < 0
        ? t.overBudget(fig(left))
        : daily && daily.Value > 0
          ? t.need(fig(daily), fig(daysLeft))
          : '';
    findings.push(`${state === 'under' ? t.lineUnder(line, fig(p)) : t.lineOver(line, fig(p))}${tail}${t.end}`);
  }
  return findings;
}

/** The projected end spend of the plan. */
function projectionFinding({ t, fig, of, plan }: Reading): string | undefined {
  const projected = of(plan, 'projected_end_spend');
  const gap = of(plan, 'projected_gap');
  const budget = of(plan, 'budget');
  if (!(projected && gap && budget)) return undefined;
  return gap.Value === 0
    ? t.projectionOnBudget(plan, fig(projected))
    : t.projection(plan, fig(projected), fig(gap), gap.Value > 0, fig(budget));
}

/** CTR and CPA outliers. */
function outlierFindings({ t, facts, fig, of, plan }: Reading): string[] {
  const findings: string[] = [];
  for (const f of facts.filter((x) => x.Metric === 'ctr_vs_plan' || x.Metric === 'cpa_vs_plan')) {
    const metric = f.Metric === 'ctr_vs_plan' ? 'ctr' : 'cpa';
    const mine = of(f.Subject, metric);
    const theirs = of(plan, metric);
    if (!mine || !theirs) continue;
    findings.push(
      metric === 'ctr'
        ? t.ctrOutlier(f.Subject, fig(f), fig(mine), fig(theirs))
        : t.cpaOutlier(f.Subject, fig(f), fig(mine), fig(theirs)),
    );
  }
  return findings;
}

/** Changes vs the previous period (the plan's): the recent window against the one before, like with like. */
function periodFinding({ t, fig, of, plan }: Reading): string | undefined {
  const recentDays = of(plan, 'recent_days');
  const previousDays = of(plan, 'previous_days');
  if (!(recentDays && previousDays)) return undefined;
  const changes: string[] = [];
  for (const [recentMetric, prevMetric, changeMetric] of PERIOD_METRICS) {
    const recent = of(plan, recentMetric);
    const prev = of(plan, prevMetric);
    if (!recent || !prev) continue;
    const change = of(plan, changeMetric);
    const label = t.changeLabels[recentMetric];
    changes.push(
      change?.Value === 0
        ? t.unchanged(label, fig(recent), fig(prev))
        : t.change(label, fig(recent), fig(prev), change ? fig(change) : null, (change?.Value ?? 0) > 0),
    );
  }
  return changes.length ? [t.periods(fig(recentDays), fig(previousDays)), ...changes].join(' ') : undefined;
}

/** Data-health caveats. */
function healthFindings({ t, fig, of, plan }: Reading): string[] {
  const findings: string[] = [];
  const missing = of(plan, 'missing_days');
  if (missing) findings.push(t.missing(fig(missing)));
  const provisional = of(plan, 'provisional_share_pct');
  if (provisional) findings.push(t.provisional(fig(provisional)));
  const unhealthy = of(plan, 'unhealthy_connectors');
  if (unhealthy) findings.push(t.connectors(fig(unhealthy)));
  return findings;
}

/** The findings of the facts, in `lang`. */
export function deterministicAnalysis(facts: readonly Fact[], lang: AnalysisLang): DeterministicAnalysis {
  const t = ANALYSIS_WORDS[lang];
  const of = (subject: string, metric: FactMetric) => facts.find((f) => f.Subject === subject && f.Metric === metric);
  const planFact = facts.find((f) => f.SubjectKind === 'plan');
  const findings: string[] = [t.notice];
  if (!planFact) return { text: findings.join('\n'), findings, model: 'deterministic' };
  const plan = planFact.Subject;
  const low = of(plan, 'pacing_low');
  const high = of(plan, 'pacing_high');
  const stateOf = (pct: Fact) =>
    low && pct.Value < low.Value ? 'under' : high && pct.Value > high.Value ? 'over' : 'on_pace';
  const reading: Reading = { t, facts, fig: (f) => figure(f, t, lang), of, plan, stateOf };

  const said = (finding: string | undefined) => {
    if (finding !== undefined) findings.push(finding);
  };
  said(planPacingFinding(reading));
  const lines = linePacingFindings(reading);
  findings.push(...lines);
  said(projectionFinding(reading));
  const outliers = outlierFindings(reading);
  findings.push(...outliers);
  if (lines.length + outliers.length === 0) findings.push(t.nothing);
  said(periodFinding(reading));
  findings.push(...healthFindings(reading));

  return { text: findings.join('\n'), findings, model: 'deterministic' };
}
