import { analysisFacts } from '../../lambdas/modules/ai-analysis/analysis-facts';
import { analysisWindows, periodComparison } from '../../lambdas/modules/ai-analysis/analysis-windows';
import type { Fact } from '../../lambdas/modules/ai-analysis/fact-list';
import { deterministicAnalysis } from '../../lambdas/modules/ai-analysis/deterministic-analysis';
import { checkGrounding } from '../../lambdas/modules/ai-analysis/grounding-check';
import { LOCALES } from '../../lambdas/shared/locales';
import type { ActivityPerformance } from '../../lambdas/modules/performance/replies';
import { fixtureRows, GROUPS, performanceFixture } from './performance-fixture';

/** The deterministic analysis: its findings, and its own output always passing the grounding check. */

const strip = (s: string) => s.replace(/[\u2066-\u2069]/g, '');
const facts = analysisFacts(performanceFixture(), { groupOfChannelType: GROUPS });
/** The fixture's recent and previous periods from its lines' day rows (test/ai/performance-fixture.ts fixtureRows). */
const fixturePrevious = () => {
  const perf = performanceFixture();
  return periodComparison(analysisWindows(perf.AsOf, perf.StartDate, perf.EndDate)!, fixtureRows());
};
const idOf = (subject: string, metric: string) => facts.find((f) => f.Subject === subject && f.Metric === metric)!.Id;

describe('deterministicAnalysis', () => {
  it('says plainly that no model wrote it, in English and Hebrew', () => {
    expect(deterministicAnalysis(facts, 'en').findings[0]).toMatch(/not by a language model/);
    expect(deterministicAnalysis(facts, 'he').findings[0]).toMatch(/ולא על ידי מודל שפה/);
    expect(deterministicAnalysis(facts, 'en').model).toBe('deterministic');
  });

  it('writes the under- and over-pacing lines, the projection, the outliers and the caveats, each figure with its fact id', () => {
    const text = strip(deterministicAnalysis(facts, 'en').text);
    expect(text).toContain(
      `"Search 2026" is under-pacing at 75% [${idOf('Search 2026', 'pacing_pct')}]; it needs ₪388.89 [${idOf('Search 2026', 'daily_spend_needed')}] a day for the 18 days [${idOf('Search 2026', 'days_left')}] left`,
    );
    expect(text).toContain(`"Facebook Feed" is over-pacing at 125% [${idOf('Facebook Feed', 'pacing_pct')}]`);
    expect(text).toContain('pacing 93.75% [F1] — on pace (between 90%');
    expect(text).toContain(
      `projected to spend ₪15,000 [${idOf('Summer Sale 2026 — V2', 'projected_end_spend')}] by its end date, ₪1,000 [${idOf('Summer Sale 2026 — V2', 'projected_gap')}] below its budget of ₪16,000`,
    );
    expect(text).toContain(
      `"Facebook Feed": actual CPA ₪250 [${idOf('Facebook Feed', 'cpa')}] is 5× [${idOf('Facebook Feed', 'cpa_vs_plan')}] the whole plan's actual CPA of ₪50`,
    );
    expect(text).toContain(`"Facebook Feed": actual CTR 0.50% [${idOf('Facebook Feed', 'ctr')}] is 0.36×`);
    expect(text).toMatch(/Caveat: 2 days \[F\d+\] of the flight/);
    expect(text).toMatch(/Caveat: 100% \[F\d+\] of the days of data are still provisional/);
    expect(text).toMatch(/connectors feeding these actuals are not healthy \(1 \[F\d+\]\)/);
    expect(strip(deterministicAnalysis(facts, 'he').text)).toContain(
      `"Search 2026" בהוצאה בחסר, בקצב 75% [${idOf('Search 2026', 'pacing_pct')}]`,
    );
  });

  it('compares the recent period with the previous one, like with like, each figure with its fact id', () => {
    const f = analysisFacts(performanceFixture(), { previous: fixturePrevious() });
    const id = (metric: string) => f.find((x) => x.SubjectKind === 'plan' && x.Metric === metric)!.Id;
    const en = strip(deterministicAnalysis(f, 'en').text);
    expect(en).toContain(
      `The last 7 days [${id('recent_days')}] against the 5 days [${id('previous_days')}] before them: ` +
        `Spend ₪2,460 [${id('recent_spend')}] against ₪1,500 [${id('previous_spend')}], up 64% [${id('change_spend_pct')}]. ` +
        `CTR 1.16% [${id('recent_ctr')}] against 0.75% [${id('previous_ctr')}], up 54.67% [${id('change_ctr_pct')}]. ` +
        `CPA ₪117.14 [${id('recent_cpa')}] against ₪150 [${id('previous_cpa')}], down 21.91% [${id('change_cpa_pct')}]. ` +
        `Conversions 21 [${id('recent_conversions')}] against 10 [${id('previous_conversions')}], up 110% [${id('change_conversions_pct')}].`,
    );
    const he = strip(deterministicAnalysis(f, 'he').text);
    expect(he).toContain(`ב-7 ימים [${id('recent_days')}] האחרונים לעומת 5 ימים [${id('previous_days')}] שלפניהם: `);
    expect(he).toContain(
      `עלות להמרה: 117.14 ₪ [${id('recent_cpa')}] לעומת 150 ₪ [${id('previous_cpa')}], ירידה של 21.91% [${id('change_cpa_pct')}].`,
    );
    // No comparison given: no such finding.
    expect(strip(deterministicAnalysis(facts, 'en').text)).not.toContain('The last');
  });

  it('reads as sentences: the plan quoted, a space before the budget in Hebrew, an actual CTR called actual', () => {
    const p = performanceFixture();
    p.Pacing = { ...p.Pacing, ProjectedEndSpend: 17_000 };
    const f = analysisFacts(p);
    const gap = f.find((x) => x.Metric === 'projected_gap')!.Id;
    expect(strip(deterministicAnalysis(f, 'he').text)).toContain(`1,000 ₪ [${gap}] מעל לתקציב של`);
    expect(strip(deterministicAnalysis(f, 'en').text)).toContain(
      `"Summer Sale 2026 — V2" is projected to spend ₪17,000`,
    );
    const en = strip(deterministicAnalysis(facts, 'en').text);
    expect(en).toContain(
      `"Facebook Feed": actual CTR 0.50% [${idOf('Facebook Feed', 'ctr')}] is 0.36× [${idOf('Facebook Feed', 'ctr_vs_plan')}] the whole plan's actual CTR of 1.39% [${idOf('Summer Sale 2026 — V2', 'ctr')}].`,
    );
    expect(en).not.toMatch(/the plan's \S*\d/);
  });

  it('a line over its budget is said to be over it, not to need nothing a day', () => {
    const p = performanceFixture();
    p.Lines[1] = {
      ...p.Lines[1],
      Pacing: { ...p.Lines[1].Pacing, ActualToDate: 5_200, AmountLeft: -200, DailySpendNeeded: 0 },
    };
    const f = analysisFacts(p);
    const id = (metric: string) => f.find((x) => x.Subject === 'Facebook Feed' && x.Metric === metric)!.Id;
    for (const lang of ['en', 'he'] as const) {
      const text = strip(deterministicAnalysis(f, lang).text);
      expect(text).not.toMatch(/₪ ?0 \[/);
      expect(text).not.toContain(`[${id('daily_spend_needed')}]`);
      expect(text).toContain(
        lang === 'en'
          ? `; it is over its budget by ₪200 [${id('amount_left')}]`
          : `; חרגה מהתקציב שלה ב-200 ₪ [${id('amount_left')}]`,
      );
      expect(checkGrounding(deterministicAnalysis(f, lang).text, f, { requireCitations: true }).ok).toBe(true);
    }
  });

  it('writes French, Romanian and Chinese in their own words and number notation, each figure with its fact id', () => {
    const fr = strip(deterministicAnalysis(facts, 'fr').text);
    expect(fr).toMatch(/^Cette analyse a été rédigée par les règles de Mixdesk/);
    expect(fr).toContain(
      `"Search 2026" est en sous-consommation à 75\u202f% [${idOf('Search 2026', 'pacing_pct')}] ; il lui faut 388,89 ₪ [${idOf('Search 2026', 'daily_spend_needed')}] par jour pendant les 18 jours [${idOf('Search 2026', 'days_left')}] restants`,
    );
    expect(fr).toContain('15\u202f000 ₪');
    expect(fr).toContain(`représente 5 fois [${idOf('Facebook Feed', 'cpa_vs_plan')}] le CPA réalisé`);
    const ro = strip(deterministicAnalysis(facts, 'ro').text);
    expect(ro).toContain(`"Search 2026" este sub ritm, la 75\u202f% [${idOf('Search 2026', 'pacing_pct')}]`);
    expect(ro).toContain('15.000 ₪');
    expect(ro).toContain('388,89 ₪');
    expect(ro).toMatch(/în cele 18 zile \[F\d+\] rămase/);
    const zh = strip(deterministicAnalysis(facts, 'zh').text);
    expect(zh).toMatch(/^本分析由 Mixdesk 的规则/);
    expect(zh).toContain(`"Search 2026" 进度落后，投放进度为 75% [${idOf('Search 2026', 'pacing_pct')}]`);
    expect(zh).toContain('₪15,000');
    expect(zh).toMatch(/。$/m);
  });

  it('says when nothing stands out', () => {
    const perf = performanceFixture();
    perf.Lines = [perf.Lines[0]];
    perf.Lines[0].Pacing = { ...perf.Lines[0].Pacing, PacingPct: 100 };
    perf.Lines[0].Kpis.Actual = { ...perf.Kpis.Actual };
    expect(deterministicAnalysis(analysisFacts(perf), 'en').text).toContain('No line is under- or over-pacing');
  });

  const variants: [string, ActivityPerformance, Parameters<typeof analysisFacts>[1]][] = [
    ['the fixture with groups', performanceFixture(), { groupOfChannelType: GROUPS }],
    ['a USD plan', performanceFixture({ CurrencyCode: 'USD', Currency: 1 }), {}],
    ['with a previous period', performanceFixture(), { groupOfChannelType: GROUPS, previous: fixturePrevious() }],
    [
      'with a previous period, a USD plan',
      performanceFixture({ CurrencyCode: 'USD', Currency: 1 }),
      { previous: fixturePrevious() },
    ],
    [
      'an over-budget projection, odd cents',
      (() => {
        const p = performanceFixture();
        p.Pacing = {
          ...p.Pacing,
          ProjectedEndSpend: 17_345.67,
          AmountLeft: -1_234.5,
          PacingPct: 112.35,
          DailySpendNeeded: 0,
        };
        p.Lines[1].Kpis.Actual = { ...p.Lines[1].Kpis.Actual, Cpa: 1_234_567.89, Conversions: 7 };
        return p;
      })(),
      {},
    ],
  ];

  it.each(variants)('its own output always passes the grounding check, citations required: %s', (_name, perf, opts) => {
    const f: Fact[] = analysisFacts(perf, opts);
    for (const lang of LOCALES) {
      const a = deterministicAnalysis(f, lang);
      const r = checkGrounding(a.text, f, { requireCitations: true, lang });
      expect(r.figures.filter((x) => !x.ok)).toEqual([]);
      expect(r.figures.length).toBeGreaterThan(5);
      expect(r.ok).toBe(true);
    }
  });
});
