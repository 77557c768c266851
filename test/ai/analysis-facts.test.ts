import { analysisFacts, round2, sumKpis, type Fact, type FactMetric } from '../../lambdas/domain/analysis-facts';
import { GROUPS, performanceFixture } from './performance-fixture';

/** The facts of the fixture (test/ai/performance-fixture.ts), every expected value worked out by hand there or here. */

const PLAN = 'Summer Sale 2026 — V2';
const facts = analysisFacts(performanceFixture(), { groupOfChannelType: GROUPS });
const value = (subject: string, metric: FactMetric, list: Fact[] = facts) => list.find((f) => f.Subject === subject && f.Metric === metric)?.Value;

describe('analysisFacts', () => {
  it('numbers the facts F1… in order, the plan first, each with a figure-free English text', () => {
    expect(facts.map((f) => f.Id)).toEqual(facts.map((_, i) => `F${i + 1}`));
    expect(facts[0]).toMatchObject({ Id: 'F1', SubjectKind: 'plan', Subject: PLAN, Metric: 'pacing_pct', Value: 93.75, Unit: 'percent' });
    // A fact's text carries no figure of its own (only the subject's digits, here "2026").
    for (const f of facts) expect(f.Text.replace(f.Subject, '')).not.toMatch(/\d/);
  });

  it('states the plan\'s pacing, projection, amount left and daily need, money in ILS', () => {
    expect(facts.find((f) => f.Metric === 'amount_left' && f.Subject === PLAN)).toMatchObject({ Value: 10_000, Unit: 'currency', Currency: 'ILS' });
    expect(value(PLAN, 'projected_end_spend')).toBe(15_000);
    expect(value(PLAN, 'projected_gap')).toBe(-1_000); // 15,000 − 16,000
    expect(value(PLAN, 'daily_spend_needed')).toBe(555.56);
    expect(value(PLAN, 'days_left')).toBe(18);
    expect([value(PLAN, 'pacing_low'), value(PLAN, 'pacing_high')]).toEqual([90, 110]);
  });

  it('states each line\'s pacing and KPIs', () => {
    expect(value('Search 2026', 'pacing_pct')).toBe(75);
    expect(value('Facebook Feed', 'projected_gap')).toBe(1_250); // 6,250 − 5,000
    expect(value('Facebook Feed', 'cpa')).toBe(250);
    expect(facts.find((f) => f.Subject === 'Search Brand' && f.Metric === 'ctr')).toMatchObject({ Value: 10, Unit: 'percent', LineId: 3 });
  });

  it('sums a channel group\'s lines and recomputes its ratios', () => {
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

  it('is strict at the edges: exactly 1.5× or 0.5× the plan\'s is not an outlier', () => {
    const perf = performanceFixture();
    perf.Lines[0].Kpis.Actual = { ...perf.Lines[0].Kpis.Actual, Ctr: 2.09, Cpa: 75 }; // 2.09 / 1.39 = 1.5036 → 1.50; 75 / 50 = 1.5
    perf.Lines[2].Kpis.Actual = { ...perf.Lines[2].Kpis.Actual, Ctr: 0.7, Cpa: 25 }; // 0.7 / 1.39 = 0.5036 → 0.50; 25 / 50 = 0.5
    const f = analysisFacts(perf);
    expect(f.filter((x) => x.Metric === 'ctr_vs_plan' || x.Metric === 'cpa_vs_plan').map((x) => `${x.Subject} ${x.Metric}`))
      .toEqual(['Facebook Feed ctr_vs_plan', 'Facebook Feed cpa_vs_plan']);
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

  it('states the changes vs the previous period when one is given', () => {
    const f = analysisFacts(performanceFixture(), {
      previous: { From: '2026-10-14', To: '2026-10-25', Plan: { Impressions: 500_000, Clicks: 5_500, Conversions: 125, Spend: 5_000, Ctr: 1.1, Cpc: 0.91, Cpm: 10, Cpa: 40, Cvr: 2.27, Roas: 2 } },
    });
    expect(value(PLAN, 'previous_spend', f)).toBe(5_000);
    expect(value(PLAN, 'change_spend_pct', f)).toBe(20); // 6,000 / 5,000
    expect(value(PLAN, 'change_ctr_pct', f)).toBe(26.36); // (1.39 − 1.1) / 1.1 = 26.3636 %
    expect(value(PLAN, 'change_cpa_pct', f)).toBe(25); // 50 / 40
    expect(value(PLAN, 'change_conversions_pct', f)).toBe(-4); // 120 / 125
    expect(value(PLAN, 'change_spend_pct')).toBeUndefined();
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
    expect([round2(0.125), round2(-0.125), round2(1.005), round2(2.344999), round2(-0)]).toEqual([0.13, -0.13, 1.01, 2.34, 0]);
    expect(sumKpis([])).toMatchObject({ Ctr: 0, Cpa: 0, Roas: 0 }); // division by zero is 0 (DOMAIN.md §4)
  });
});
