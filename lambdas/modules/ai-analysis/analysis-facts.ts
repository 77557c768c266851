import type { ChannelGroup } from '../channel-types/replies';
import type { ActivityPerformance, KpiSetView, PerformanceLine } from '../performance/replies';
import { daysIn, type PreviousPeriod } from './analysis-windows';
import { healthFacts, kpiFacts, outlierFacts, pacingFacts, periodFacts } from './fact-builders';
import { cents, FactList, round2, type Fact } from './fact-list';

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

export interface FactOptions {
  /** The channel group of each channel type name (the account's channel types); a line of an unknown type is in no group. */
  groupOfChannelType?: Readonly<Record<string, ChannelGroup>>;
  previous?: PreviousPeriod | null;
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

/** The facts of each channel group of the lines, groups in name order: budget, actual to date, pacing and summed KPIs. */
function groupFacts(
  list: FactList,
  allLines: readonly PerformanceLine[],
  groupOfChannelType: FactOptions['groupOfChannelType'],
): void {
  const groups = new Map<ChannelGroup, PerformanceLine[]>();
  for (const line of allLines) {
    const g = groupOfChannelType?.[line.ChannelTypeName];
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

  groupFacts(list, perf.Lines, opts.groupOfChannelType);

  for (const line of perf.Lines) outlierFacts(list, perf.Kpis.Actual, line);
  healthFacts(list, plan, perf.Pacing);
  return list.facts;
}

/** The subjects named by facts (plan, lines, groups): the grounding check skips figures inside these names. */
export function factSubjects(facts: readonly Fact[]): string[] {
  return [...new Set(facts.map((f) => f.Subject))];
}
