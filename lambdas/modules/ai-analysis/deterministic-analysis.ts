import type { Fact, FactMetric } from './fact-list';

/**
 * The deterministic analysis: the offline default, and what is shown when a model's
 * answer fails the grounding check twice. It writes the findings from the facts alone — the plan's
 * pacing, the under- and over-pacing lines, the projected end spend, CTR/CPA outliers, changes vs the
 * previous period, the data-health caveats — in Hebrew or English, every figure followed by its fact
 * id, and says plainly that no model wrote it. Pure; its own output always passes the grounding check
 * (test/ai/deterministic-analysis.test.ts).
 *
 * Under/over follows the facts' thresholds (pacing_low / pacing_high: below low is under, above high
 * is over, both included on pace, as docs/pacing-and-billing.md); a line is named only while live
 * (it has a days-left fact).
 */

export type AnalysisLang = 'he' | 'en';

export interface DeterministicAnalysis {
  text: string;
  /** One finding a paragraph, the first the notice that no model wrote it. */
  findings: string[];
  model: 'deterministic';
}

const LRI = '\u2066';
const PDI = '\u2069';

/** |v| with comma thousands and 2 decimals unless whole (grouped by hand: no Intl, so no ICU start in a Lambda). */
function amount(v: number): string {
  const abs = Math.abs(v);
  const [whole, decimals] = (Number.isInteger(abs) ? String(abs) : abs.toFixed(2)).split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${decimals ? `.${decimals}` : ''}`;
}

/** A fact's figure as an answer writes it, followed by its id. Hebrew wraps the figure in an isolate so it reads left to right. */
function figure(f: Fact, lang: AnalysisLang): string {
  const n = amount(f.Value);
  let shown: string;
  switch (f.Unit) {
    case 'percent':
      shown = `${n}%`;
      break;
    case 'ratio':
      shown = lang === 'he' ? n : `${n}×`;
      break; // Hebrew says: פי 3.6
    case 'currency':
      if (f.Currency === 'ILS') shown = lang === 'he' ? `${n} ₪` : `₪${n}`;
      else if (f.Currency === 'USD') shown = `$${n}`;
      else shown = `${n} ${f.Currency ?? ''}`.trim();
      break;
    case 'days':
      shown = lang === 'he' ? `${n} ${f.Value === 1 ? 'יום' : 'ימים'}` : `${n} ${f.Value === 1 ? 'day' : 'days'}`;
      break;
    default:
      shown = n;
  }
  return lang === 'he' ? `${LRI}${shown}${PDI} [${f.Id}]` : `${shown} [${f.Id}]`;
}

const EN = {
  notice: "This analysis was written by Mixdesk's rules from the computed facts below, not by a language model.",
  planPacing: (s: string, pct: string, actual: string, planned: string, state: string) =>
    `"${s}": ${actual} spent of ${planned} planned to date, pacing ${pct} — ${state}.`,
  under: (low: string) => `under-pacing (below ${low})`,
  over: (high: string) => `over-pacing (above ${high})`,
  onPace: (low: string, high: string) => `on pace (between ${low} and ${high})`,
  lineUnder: (s: string, pct: string) => `"${s}" is under-pacing at ${pct}`,
  lineOver: (s: string, pct: string) => `"${s}" is over-pacing at ${pct}`,
  need: (daily: string, days: string) => `; it needs ${daily} a day for the ${days} left to land on its budget`,
  overBudget: (over: string) => `; it is over its budget by ${over}`,
  projection: (s: string, projected: string, gap: string, above: boolean, budget: string) =>
    `"${s}" is projected to spend ${projected} by its end date, ${gap} ${above ? 'above' : 'below'} its budget of ${budget}.`,
  projectionOnBudget: (s: string, projected: string) =>
    `"${s}" is projected to spend ${projected} by its end date, on its budget.`,
  ctrOutlier: (s: string, ratio: string, ctr: string, planCtr: string) =>
    `"${s}": actual CTR ${ctr} is ${ratio} the whole plan's actual CTR of ${planCtr}.`,
  cpaOutlier: (s: string, ratio: string, cpa: string, planCpa: string) =>
    `"${s}": actual CPA ${cpa} is ${ratio} the whole plan's actual CPA of ${planCpa}.`,
  periods: (recent: string, previous: string) => `The last ${recent} against the ${previous} before them:`,
  change: (label: string, recent: string, prev: string, pct: string | null, up: boolean) =>
    `${label} ${recent} against ${prev}${pct === null ? '' : `, ${up ? 'up' : 'down'} ${pct}`}.`,
  unchanged: (label: string, recent: string, prev: string) => `${label} ${recent} against ${prev}, unchanged.`,
  changeLabels: {
    recent_spend: 'Spend',
    recent_ctr: 'CTR',
    recent_cpa: 'CPA',
    recent_conversions: 'Conversions',
  } as Record<string, string>,
  missing: (days: string) =>
    `Caveat: ${days} of the flight to date have no actuals at all; the figures may be incomplete.`,
  provisional: (pct: string) =>
    `Caveat: ${pct} of the days of data are still provisional; the platforms may restate them.`,
  connectors: (n: string) =>
    `Caveat: connectors feeding these actuals are not healthy (${n}); recent days may be missing.`,
  nothing: "No line is under- or over-pacing, and no CTR or CPA stands out from the plan's.",
};

const HE: typeof EN = {
  notice: 'הניתוח הזה נכתב על ידי הכללים של Mixdesk מתוך העובדות המחושבות שלהלן, ולא על ידי מודל שפה.',
  planPacing: (s, pct, actual, planned, state) =>
    `"${s}": הוצאו ${actual} מתוך ${planned} שתוכננו עד היום, קצב ${pct} — ${state}.`,
  under: (low) => `הוצאה בחסר (מתחת ל-${low})`,
  over: (high) => `הוצאה ביתר (מעל ${high})`,
  onPace: (low, high) => `בקצב (בין ${low} ל-${high})`,
  lineUnder: (s, pct) => `"${s}" בהוצאה בחסר, בקצב ${pct}`,
  lineOver: (s, pct) => `"${s}" בהוצאה ביתר, בקצב ${pct}`,
  need: (daily, days) => `; נדרשים ${daily} ליום במשך ${days} שנותרו כדי לעמוד בתקציב`,
  overBudget: (over) => `; חרגה מהתקציב שלה ב-${over}`,
  projection: (s, projected, gap, above, budget) =>
    `לפי הקצב הנוכחי "${s}" צפוי להוציא ${projected} עד תאריך הסיום, ${gap} ${above ? 'מעל' : 'מתחת'} לתקציב של ${budget}.`,
  projectionOnBudget: (s, projected) => `לפי הקצב הנוכחי "${s}" צפוי להוציא ${projected} עד תאריך הסיום, בדיוק בתקציב.`,
  ctrOutlier: (s, ratio, ctr, planCtr) =>
    `"${s}": שיעור ההקלקה בפועל ${ctr} הוא פי ${ratio} משיעור ההקלקה בפועל של התוכנית כולה (${planCtr}).`,
  cpaOutlier: (s, ratio, cpa, planCpa) =>
    `"${s}": העלות להמרה בפועל ${cpa} היא פי ${ratio} מהעלות להמרה בפועל של התוכנית כולה (${planCpa}).`,
  periods: (recent, previous) => `ב-${recent} האחרונים לעומת ${previous} שלפניהם:`,
  change: (label, recent, prev, pct, up) =>
    `${label}: ${recent} לעומת ${prev}${pct === null ? '' : `, ${up ? 'עלייה' : 'ירידה'} של ${pct}`}.`,
  unchanged: (label, recent, prev) => `${label}: ${recent} לעומת ${prev}, ללא שינוי.`,
  changeLabels: {
    recent_spend: 'הוצאה',
    recent_ctr: 'שיעור הקלקה',
    recent_cpa: 'עלות להמרה',
    recent_conversions: 'המרות',
  },
  missing: (days) => `הסתייגות: ב-${days} מימי הקמפיין עד היום אין נתונים כלל; ייתכן שהנתונים חסרים.`,
  provisional: (pct) => `הסתייגות: ${pct} מימי הנתונים עדיין זמניים; הפלטפורמות עשויות לעדכן אותם.`,
  connectors: (n) => `הסתייגות: מחברים שמזינים את הנתונים אינם תקינים (${n}); ייתכן שימים אחרונים חסרים.`,
  nothing: 'אין שורה בהוצאה בחסר או ביתר, ואין שיעור הקלקה או עלות להמרה שחורגים מאלה של התוכנית.',
};

/** Each compared metric: its RECENT fact, its PREVIOUS fact and its change (fact-builders.ts periodFacts). */
const PERIOD_METRICS: readonly [FactMetric, FactMetric, FactMetric][] = [
  ['recent_spend', 'previous_spend', 'change_spend_pct'],
  ['recent_ctr', 'previous_ctr', 'change_ctr_pct'],
  ['recent_cpa', 'previous_cpa', 'change_cpa_pct'],
  ['recent_conversions', 'previous_conversions', 'change_conversions_pct'],
];

/** What each step of the analysis reads: the texts, the figures, the facts and the plan's thresholds. */
interface Reading {
  t: typeof EN;
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
    findings.push(`${state === 'under' ? t.lineUnder(line, fig(p)) : t.lineOver(line, fig(p))}${tail}.`);
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
  const t = lang === 'he' ? HE : EN;
  const of = (subject: string, metric: FactMetric) => facts.find((f) => f.Subject === subject && f.Metric === metric);
  const planFact = facts.find((f) => f.SubjectKind === 'plan');
  const findings: string[] = [t.notice];
  if (!planFact) return { text: findings.join('\n'), findings, model: 'deterministic' };
  const plan = planFact.Subject;
  const low = of(plan, 'pacing_low');
  const high = of(plan, 'pacing_high');
  const stateOf = (pct: Fact) =>
    low && pct.Value < low.Value ? 'under' : high && pct.Value > high.Value ? 'over' : 'on_pace';
  const reading: Reading = { t, facts, fig: (f) => figure(f, lang), of, plan, stateOf };

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
