import { analysisFacts, sumKpis } from '../../lambdas/modules/ai-analysis/analysis-facts';
import { analysisWindows, periodComparison } from '../../lambdas/modules/ai-analysis/analysis-windows';
import { round2, type Fact, type FactMetric } from '../../lambdas/modules/ai-analysis/fact-list';
import { fixtureRows, GROUPS, performanceFixture } from './performance-fixture';

/** The facts of the fixture (test/ai/performance-fixture.ts), every expected value worked out by hand there or here. */

const PLAN = 'Summer Sale 2026 — V2';
const facts = analysisFacts(performanceFixture(), { groupOfChannelType: GROUPS });
const value = (subject: string, metric: FactMetric, list: Fact[] = facts) =>
  list.find((f) => f.Subject === subject && f.Metric === metric)?.Value;

describe('analysisFacts', () => {
  it('numbers the facts F1… in order, the plan first, each with a figure-free English text', () => {
    expect(facts.map((f) => f.Id)).toEqual(facts.map((_, i) => `F${i + 1}`));
    expect(facts[0]).toMatchObject({
      Id: 'F1',
      SubjectKind: 'plan',
      Subject: PLAN,
      Metric: 'pacing_pct',
      Value: 93.75,
      Unit: 'percent',
    });
    // A fact's text carries no figure of its own (only the subject's digits, here "2026").
    for (const f of facts) expect(f.Text.replace(f.Subject, '')).not.toMatch(/\d/);
  });

  it("states the plan's pacing, projection, amount left and daily need, money in ILS", () => {
    expect(facts.find((f) => f.Metric === 'amount_left' && f.Subject === PLAN)).toMatchObject({
      Value: 10_000,
      Unit: 'currency',
      Currency: 'ILS',
    });
    expect(value(PLAN, 'projected_end_spend')).toBe(15_000);
    expect(value(PLAN, 'projected_gap')).toBe(-1_000); // 15,000 − 16,000
    expect(value(PLAN, 'daily_spend_needed')).toBe(555.56);
    expect(value(PLAN, 'days_left')).toBe(18);
    expect([value(PLAN, 'pacing_low'), value(PLAN, 'pacing_high')]).toEqual([90, 110]);
  });

  it("states each line's pacing and KPIs", () => {
    expect(value('Search 2026', 'pacing_pct')).toBe(75);
    expect(value('Facebook Feed', 'projected_gap')).toBe(1_250); // 6,250 − 5,000
    expect(value('Facebook Feed', 'cpa')).toBe(250);
    expect(facts.find((f) => f.Subject === 'Search Brand' && f.Metric === 'ctr')).toMatchObject({
      Value: 10,
      Unit: 'percent',
      LineId: 3,
    });
  });

  it("sums a channel group's lines and recomputes its ratios", () => {
    // Search = lines 1 + 3: 110,000 impr., 6,000 clicks, 110 conv., spend 3,500; planned 4,400.
    expect(value('Search', 'impressions')).toBe(110_000);
    expect(value('Search', 'ctr')).toBe(5.45); // 6,000 / 110,000 = 5.4545 %
    expect(value('Search', 'cpa')).toBe(31.82); // 3,500 / 110 = 31.818
    expect(value('Search', 'roas')).toBe(3.71); // (12,000 + 1,000) / 3,500 = 3.714
    expect(value('Search', 'pacing_pct')).toBe(79.55); // 3,500 / 4,400 = 79.545 %
    expect(value('Search', 'budget')).toBe(11_000);
    expect(value('Social', 'cpa')).toBe(250);
    expect(analysisFacts(performanceFixture()).some((f) => f.SubjectKind === 'group')).toBe(false); // no groups known: none
  });

  it('flags CTR and CPA outliers against the plan (above 1.5× or below 0.5×)', () => {
    // plan CTR 1.39: line 1 5 / 1.39 = 3.597 → 3.6; line 2 0.5 / 1.39 = 0.3597 → 0.36; line 3 10 / 1.39 = 7.19.
    expect(value('Search 2026', 'ctr_vs_plan')).toBe(3.6);
    expect(value('Facebook Feed', 'ctr_vs_plan')).toBe(0.36);
    expect(value('Search Brand', 'ctr_vs_plan')).toBe(7.19);
    // plan CPA 50: line 2 250 / 50 = 5 (10 conversions ≥ 5); line 1 30 / 50 = 0.6 and line 3 1.0 are inside.
    expect(value('Facebook Feed', 'cpa_vs_plan')).toBe(5);
    expect(value('Search 2026', 'cpa_vs_plan')).toBeUndefined();
    expect(value('Search Brand', 'cpa_vs_plan')).toBeUndefined();
  });

  it("is strict at the edges: exactly 1.5× or 0.5× the plan's is not an outlier", () => {
    const perf = performanceFixture();
    perf.Lines[0].Kpis.Actual = { ...perf.Lines[0].Kpis.Actual, Ctr: 2.09, Cpa: 75 }; // 2.09 / 1.39 = 1.5036 → 1.50; 75 / 50 = 1.5
    perf.Lines[2].Kpis.Actual = { ...perf.Lines[2].Kpis.Actual, Ctr: 0.7, Cpa: 25 }; // 0.7 / 1.39 = 0.5036 → 0.50; 25 / 50 = 0.5
    const f = analysisFacts(perf);
    expect(
      f.filter((x) => x.Metric === 'ctr_vs_plan' || x.Metric === 'cpa_vs_plan').map((x) => `${x.Subject} ${x.Metric}`),
    ).toEqual(['Facebook Feed ctr_vs_plan', 'Facebook Feed cpa_vs_plan']);
  });

  it('leaves out the outlier of a line with too little data to say', () => {
    const perf = performanceFixture();
    perf.Lines[2].Kpis.Actual = { ...perf.Lines[2].Kpis.Actual, Impressions: 999, Conversions: 4 };
    const f = analysisFacts(perf);
    expect(value('Search Brand', 'ctr_vs_plan', f)).toBeUndefined();
  });

  it('states the data-health caveats', () => {
    expect(value(PLAN, 'missing_days')).toBe(2); // 12 elapsed − 10 with data
    expect(value(PLAN, 'provisional_share_pct')).toBe(100);
    expect(value(PLAN, 'unhealthy_connectors')).toBe(1);
  });

  it("compares the last 7 complete days with the 7 before, clipped to the flight's start and end", () => {
    const w = (from: string, to: string) => ({ from, to });
    expect(analysisWindows('2026-11-25', '2026-11-01', '2026-12-31')).toEqual({
      recent: w('2026-11-19', '2026-11-25'),
      previous: w('2026-11-12', '2026-11-18'),
    });
    expect(analysisWindows('2026-11-25', '2026-11-14', '2026-12-13')).toEqual({
      recent: w('2026-11-19', '2026-11-25'),
      previous: w('2026-11-14', '2026-11-18'),
    });
    expect(analysisWindows('2026-11-25', '2026-11-18', null)).toEqual({
      recent: w('2026-11-19', '2026-11-25'),
      previous: w('2026-11-18', '2026-11-18'),
    });
    // An ended flight: its own last days (not the empty days after it).
    expect(analysisWindows('2026-11-25', '2026-10-01', '2026-11-10')).toEqual({
      recent: w('2026-11-04', '2026-11-10'),
      previous: w('2026-10-28', '2026-11-03'),
    });
    // No day before RECENT, a flight not started, no flight: no comparison.
    expect(analysisWindows('2026-11-25', '2026-11-19', '2026-12-31')).toBeNull();
    expect(analysisWindows('2026-11-25', '2026-11-24', '2026-12-31')).toBeNull();
    expect(analysisWindows('2026-11-25', '2026-11-26', '2026-12-31')).toBeNull();
    expect(analysisWindows('2026-11-25', null, null)).toBeNull();
  });

  it("states the changes of the recent period vs the previous one, from the lines' day rows (test/ai/performance-fixture.ts fixtureRows)", () => {
    const perf = performanceFixture();
    const windows = analysisWindows(perf.AsOf, perf.StartDate, perf.EndDate)!;
    const previous = periodComparison(windows, fixtureRows());
    expect([previous.From, previous.To, previous.Recent.From, previous.Recent.To]).toEqual([
      '2026-11-14',
      '2026-11-18',
      '2026-11-19',
      '2026-11-25',
    ]);
    const f = analysisFacts(perf, { groupOfChannelType: GROUPS, previous });
    const of = (subject: string, ...metrics: FactMetric[]) => metrics.map((m) => value(subject, m, f));
    // The plan: 2,460 vs 1,500 (+64 %); CTR 1.16 vs 0.75 (+54.67 %); CPA 117.14 vs 150 (−21.91 %); 21 vs 10 conv. (+110 %).
    expect(of(PLAN, 'recent_days', 'previous_days')).toEqual([7, 5]);
    expect(of(PLAN, 'recent_spend', 'previous_spend', 'change_spend_pct')).toEqual([2_460, 1_500, 64]);
    expect(of(PLAN, 'recent_ctr', 'previous_ctr', 'change_ctr_pct')).toEqual([1.16, 0.75, 54.67]);
    expect(of(PLAN, 'recent_cpa', 'previous_cpa', 'change_cpa_pct')).toEqual([117.14, 150, -21.91]);
    expect(of(PLAN, 'recent_conversions', 'previous_conversions', 'change_conversions_pct')).toEqual([21, 10, 110]);
    // Line 1: 1,050 vs 500 (+110 %); CTR 3 vs 2 (+50 %); CPA 75 vs 50 (+50 %); 14 vs 10 (+40 %). The 11-13 row counts in neither.
    expect(of('Search 2026', 'recent_spend', 'previous_spend', 'change_spend_pct')).toEqual([1_050, 500, 110]);
    expect(of('Search 2026', 'change_ctr_pct', 'change_cpa_pct', 'change_conversions_pct')).toEqual([50, 50, 40]);
    expect(f.find((x) => x.Subject === 'Search 2026' && x.Metric === 'change_spend_pct')).toMatchObject({
      LineId: 1,
      Unit: 'percent',
    });
    // Line 2: no conversions before → a previous of 0 (no change), no previous CPA (a division by zero is not a figure).
    expect(of('Facebook Feed', 'recent_spend', 'previous_spend', 'change_spend_pct')).toEqual([1_400, 1_000, 40]);
    expect(of('Facebook Feed', 'recent_ctr', 'previous_ctr', 'change_ctr_pct')).toEqual([0.6, 0.5, 20]);
    expect(of('Facebook Feed', 'recent_conversions', 'previous_conversions', 'change_conversions_pct')).toEqual([
      7,
      0,
      undefined,
    ]);
    expect(of('Facebook Feed', 'recent_cpa', 'previous_cpa', 'change_cpa_pct')).toEqual([200, undefined, undefined]);
    // Line 3 has no data in the previous period: no period facts at all.
    expect(f.filter((x) => x.Subject === 'Search Brand' && /^(recent|previous|change)_/.test(x.Metric))).toEqual([]);
    // Without a comparison, none of these facts.
    expect(facts.filter((x) => /^(recent|previous|change)_/.test(x.Metric))).toEqual([]);
  });

  it('leaves out what an ended line cannot have: projection, days left, daily need', () => {
    const perf = performanceFixture();
    perf.Lines[0].Pacing = { ...perf.Lines[0].Pacing, Phase: 'ended', DaysLeft: 0, DailySpendNeeded: null };
    const f = analysisFacts(perf);
    expect(value('Search 2026', 'projected_end_spend', f)).toBeUndefined();
    expect(value('Search 2026', 'daily_spend_needed', f)).toBeUndefined();
    expect(value('Search 2026', 'amount_left', f)).toBe(7_000);
  });

  it('rounds half-up to 2 decimals, symmetric for negatives', () => {
    expect([round2(0.125), round2(-0.125), round2(1.005), round2(2.344999), round2(-0)]).toEqual([
      0.13, -0.13, 1.01, 2.34, 0,
    ]);
    expect(sumKpis([])).toMatchObject({ Ctr: 0, Cpa: 0, Roas: 0 }); // division by zero is 0 (docs/domain.md)
  });
});
