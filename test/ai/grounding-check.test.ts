import { analysisFacts } from '../../lambdas/modules/ai-analysis/analysis-facts';
import type { Fact, FactMetric } from '../../lambdas/modules/ai-analysis/fact-list';
import { checkGrounding, refusalReasons, type FigureReason } from '../../lambdas/modules/ai-analysis/grounding-check';
import { GROUPS, performanceFixture } from './performance-fixture';

/**
 * The grounding check's table of answers: invented, rounded and wrongly rounded
 * figures, percentages, currency in ILS and USD, Hebrew and English, a figure citing the wrong fact.
 * The facts are the fixture's (values by hand in test/ai/performance-fixture.ts); an answer cites
 * them by id, looked up by subject and metric so the table reads as sentences.
 */

const PLAN = 'Summer Sale 2026 — V2';
const ils = analysisFacts(performanceFixture(), { groupOfChannelType: GROUPS });
const usd = analysisFacts(performanceFixture({ CurrencyCode: 'USD', Currency: 1 }));
const DATES = ['2026-11-26', '2026-11-25', '2026-11-14', '2026-12-13'];

/** `[Fn]` of the fact (subject, metric). */
function cite(metric: FactMetric, subject = PLAN, facts: Fact[] = ils): string {
  const f = facts.find((x) => x.Subject === subject && x.Metric === metric);
  if (!f) throw new Error(`no fact ${subject} ${metric}`);
  return `[${f.Id}]`;
}

const RLM = '\u200F';
const FSI = '\u2068';
const PDI = '\u2069';

type Case = [name: string, answer: string, ok: boolean, reasons: FigureReason[], facts?: Fact[]];

const CASES: Case[] = [
  // grounded, English
  [
    'exact figures with their facts',
    `Pacing is 93.75% ${cite('pacing_pct')}: ₪6,000 ${cite('actual_to_date')} spent of ₪6,400 ${cite('planned_to_date')} planned to date.`,
    true,
    ['SUPPORTED', 'SUPPORTED', 'SUPPORTED'],
  ],
  // rounding
  [
    'a figure rounded half-up to fewer decimals',
    `Pacing is about 94% ${cite('pacing_pct')}, needing ₪556 ${cite('daily_spend_needed')} a day (₪555.6 ${cite('daily_spend_needed')}).`,
    true,
    ['SUPPORTED', 'SUPPORTED', 'SUPPORTED'],
  ],
  [
    'abbreviated thousands and millions',
    `610K impressions ${cite('impressions')} (0.6M ${cite('impressions')}), ₪6K ${cite('actual_to_date')} spent.`,
    true,
    ['SUPPORTED', 'SUPPORTED', 'SUPPORTED'],
  ],
  [
    'wrong rounding: 93.75 is 93.8 at one decimal',
    `Pacing is 93.7% ${cite('pacing_pct')}.`,
    false,
    ['NO_SUPPORTING_FACT'],
  ],
  [
    'wrong rounding: 555.56 is 556, not 555',
    `It needs ₪555 ${cite('daily_spend_needed')} a day.`,
    false,
    ['NO_SUPPORTING_FACT'],
  ],
  ['truncated, not rounded: 1.39 is 1.4', `CTR is 1.3% ${cite('ctr')}.`, false, ['NO_SUPPORTING_FACT']],
  [
    'rounded too far: CPC 0.71 is not ₪1, 1.39 % is not 1 %',
    `CPC ₪1 ${cite('cpc')}, CTR 1% ${cite('ctr')}.`,
    false,
    ['CITED_FACT_DOES_NOT_SUPPORT', 'CITED_FACT_DOES_NOT_SUPPORT'],
  ], // other lines' CPC 1 and CVR 1 exist
  ['more decimals than the fact has', `CTR is 1.391% ${cite('ctr')}.`, false, ['NO_SUPPORTING_FACT']],
  // invented
  ['an invented percent', `CTR will reach 2.1% ${cite('ctr')} next week.`, false, ['NO_SUPPORTING_FACT']],
  ['an invented amount, uncited', 'The plan will save ₪7,777 by the end.', false, ['NO_SUPPORTING_FACT']],
  [
    'one invented figure among good ones',
    `Pacing 93.75% ${cite('pacing_pct')}, CPA ₪50 ${cite('cpa')}, ROAS 3.1 ${cite('roas')}.`,
    false,
    ['SUPPORTED', 'SUPPORTED', 'NO_SUPPORTING_FACT'],
  ],
  // citations
  [
    'a figure citing the wrong fact (6,000 is the actual, F-planned is 6,400)',
    `₪6,000 ${cite('planned_to_date')} is planned to date.`,
    false,
    ['CITED_FACT_DOES_NOT_SUPPORT'],
  ],
  ['a fact id that does not exist', 'Spent ₪6,000 [F999].', false, ['UNKNOWN_FACT_ID']],
  [
    'one citation group for the figures before it',
    `₪6,000 and ₪6,400 [${cite('actual_to_date').slice(1, -1)}, ${cite('planned_to_date').slice(1, -1)}].`,
    true,
    ['SUPPORTED', 'SUPPORTED'],
  ],
  [
    'a citation does not reach across a sentence',
    `Spent ₪6,400. Pacing 93.75% ${cite('pacing_pct')}.`,
    true,
    ['SUPPORTED', 'SUPPORTED'],
  ],
  // percent and units
  [
    'a percent fact stated without % is refused',
    `Pacing is 93.75 ${cite('pacing_pct')}.`,
    false,
    ['NO_SUPPORTING_FACT'],
  ],
  [
    'a money fact stated as a percent is refused',
    `Spent 6,000% ${cite('actual_to_date')}.`,
    false,
    ['NO_SUPPORTING_FACT'],
  ],
  [
    'days and ratios',
    `${cite('days_left')} 18 days are left; the line's CTR is 3.6× ${cite('ctr_vs_plan', 'Search 2026')} the plan's (7.19x ${cite('ctr_vs_plan', 'Search Brand')}).`,
    true,
    ['SUPPORTED', 'SUPPORTED', 'SUPPORTED'],
  ],
  [
    'the sign is said in words',
    `It is projected to end ₪1,000 ${cite('projected_gap')} below budget.`,
    true,
    ['SUPPORTED'],
  ],
  // currency ILS and USD
  [
    'ILS written five ways',
    `6,000 ₪ ${cite('actual_to_date')}, 6,000 ש"ח ${cite('actual_to_date')}, ILS 6,000 ${cite('actual_to_date')}, 6000 NIS ${cite('actual_to_date')}, 6,000 ש״ח ${cite('actual_to_date')}.`,
    true,
    ['SUPPORTED', 'SUPPORTED', 'SUPPORTED', 'SUPPORTED', 'SUPPORTED'],
  ],
  ['dollars against an ILS fact', `Spent $6,000 ${cite('actual_to_date')}.`, false, ['NO_SUPPORTING_FACT']],
  [
    'USD written three ways, against a USD plan',
    `Spent $6,000 ${cite('actual_to_date', PLAN, usd)}, 6,000 USD ${cite('actual_to_date', PLAN, usd)}, 6,000 דולר ${cite('actual_to_date', PLAN, usd)}.`,
    true,
    ['SUPPORTED', 'SUPPORTED', 'SUPPORTED'],
    usd,
  ],
  [
    'shekels against a USD plan',
    `Spent ₪6,000 ${cite('actual_to_date', PLAN, usd)}.`,
    false,
    ['NO_SUPPORTING_FACT'],
    usd,
  ],
  // Hebrew
  [
    'Hebrew with RTL marks and isolates',
    `קצב ההוצאה הוא ${RLM}93.75%${RLM} ${cite('pacing_pct')}, הוצאו ${FSI}₪6,000${PDI} ${cite('actual_to_date')} ונותרו ב-18 ימים ${cite('days_left')}.`,
    true,
    ['SUPPORTED', 'SUPPORTED', 'SUPPORTED'],
  ],
  ['Hebrew, an invented figure', `העלות לרכישה תרד ל-42 ש"ח ${cite('cpa')} בשבוע הבא.`, false, ['NO_SUPPORTING_FACT']],
  ['Hebrew, wrong days', `נותרו 19 ימים ${cite('days_left')}.`, false, ['NO_SUPPORTING_FACT']],
  ['Hebrew percent word', `שיעור ההקלקה הוא 1.39 אחוז ${cite('ctr')}.`, true, ['SUPPORTED']],
  // what is not a figure
  [
    'digits of a quoted line name are not figures',
    `"Search 2026" paces at 75% ${cite('pacing_pct', 'Search 2026')}.`,
    true,
    ['SUPPORTED'],
  ],
  [
    'digits of a line name outside quotes are figures',
    `Search 2026 paces at 75% ${cite('pacing_pct', 'Search 2026')}.`,
    false,
    ['NO_SUPPORTING_FACT', 'SUPPORTED'],
  ],
  [
    'a quoted name must be exact',
    `"search 2026" and "Search 2026 " pace at 75% ${cite('pacing_pct', 'Search 2026')}.`,
    false,
    ['NO_SUPPORTING_FACT', 'NO_SUPPORTING_FACT', 'SUPPORTED'],
  ],
  [
    'list markers are not figures',
    `1. Pacing 93.75% ${cite('pacing_pct')}\n2) CPA ₪50 ${cite('cpa')}`,
    true,
    ['SUPPORTED', 'SUPPORTED'],
  ],
  [
    'digits glued to letters or in a range are figures all the same',
    `In Q4 pacing was 75-125% ${cite('pacing_pct', 'Search 2026')}.`,
    false,
    ['CITED_FACT_DOES_NOT_SUPPORT', 'NO_SUPPORTING_FACT', 'CITED_FACT_DOES_NOT_SUPPORT'],
  ], // 4: not 75; 75 without %; 125 % is another line's
  [
    'dates of the analysis pass, others are refused',
    'As of 2026-11-25 and 13/12/2026; a review on 2026-12-01.',
    false,
    ['DATE_OF_THE_ANALYSIS', 'DATE_OF_THE_ANALYSIS', 'DATE_NOT_IN_FACTS'],
  ],
];

describe('checkGrounding: the table of answers', () => {
  it.each(CASES)('%s', (_name, answer, ok, reasons, facts = ils) => {
    const r = checkGrounding(answer, facts, { dates: DATES });
    expect(r.figures.map((f) => f.reason)).toEqual(reasons);
    expect(r.ok).toBe(ok);
  });
});

describe('checkGrounding: names a planner controls', () => {
  // A line named like a figure, and a plan whose name carries a fake fact and a citation.
  const hostile = performanceFixture({ ActivityName: 'X 77.7% [F3]', VersionName: 'Final' });
  hostile.Lines[1] = { ...hostile.Lines[1], Name: '₪5,555,555' };
  const facts = analysisFacts(hostile);
  const lineFact = (metric: FactMetric) => facts.find((f) => f.Subject === '₪5,555,555' && f.Metric === metric)!;

  it("a figure spelled like a line's name is a figure unless the whole name is quoted", () => {
    const told = checkGrounding(`Overspend is ₪5,555,555 so far: ₪2,500 [${lineFact('actual_to_date').Id}].`, facts);
    expect(told.figures.map((f) => [f.text, f.reason])).toEqual([
      ['₪5,555,555', 'NO_SUPPORTING_FACT'],
      ['₪2,500', 'SUPPORTED'],
    ]);
    expect(told.ok).toBe(false);
    const named = checkGrounding(`"₪5,555,555" spent ₪2,500 [${lineFact('actual_to_date').Id}].`, facts);
    expect(named.figures.map((f) => [f.text, f.reason])).toEqual([['₪2,500', 'SUPPORTED']]);
    expect(named.ok).toBe(true);
  });

  it('fact ids and figures inside a quoted name neither cite nor count', () => {
    const plan = facts[0].Subject;
    const r = checkGrounding(
      `"${plan}" spent ₪6,000 [${facts.find((f) => f.Subject === plan && f.Metric === 'actual_to_date')!.Id}].`,
      facts,
    );
    expect(r.figures.map((f) => [f.text, f.reason])).toEqual([['₪6,000', 'SUPPORTED']]);
    // Unquoted, its 77.7% is a figure and its [F3] a citation of it (no fact states it).
    const bare = checkGrounding(`${plan} spent ₪6,000.`, facts);
    expect(bare.figures.map((f) => f.reason)).toEqual(['NO_SUPPORTING_FACT', 'SUPPORTED']);
  });
});

describe('checkGrounding: what it reports', () => {
  it('names the supporting fact of each figure and its value as read', () => {
    const r = checkGrounding(`₪6K ${cite('actual_to_date')} and 93.75% ${cite('pacing_pct')}`, ils);
    expect(
      r.figures.map(({ text, value, kind, currency, factId }) => ({ text, value, kind, currency, factId })),
    ).toEqual([
      { text: '₪6K', value: 6000, kind: 'currency', currency: 'ILS', factId: cite('actual_to_date').slice(1, -1) },
      { text: '93.75%', value: 93.75, kind: 'percent', currency: undefined, factId: 'F1' },
    ]);
  });

  it('passes an uncited supported figure, unless citations are required', () => {
    expect(checkGrounding('Spent ₪6,000.', ils).ok).toBe(true);
    expect(checkGrounding('Spent ₪6,000.', ils, { requireCitations: true }).figures[0].reason).toBe('NOT_CITED');
  });

  it("an answer without figures passes; a date needs the analysis's dates", () => {
    expect(checkGrounding('Everything is on track.', ils)).toMatchObject({ ok: true, figures: [] });
    expect(checkGrounding('As of 2026-11-25.', ils).ok).toBe(false);
  });

  it('says why, for the retry', () => {
    const r = checkGrounding(`₪6,000 ${cite('planned_to_date')} and 2.1% [F12]. [F999] ₪3`, ils);
    expect(refusalReasons(r)).toEqual([
      expect.stringContaining(
        `"₪6,000" cites ${cite('planned_to_date').slice(1, -1)}, which does not state that figure`,
      ),
      expect.stringContaining('"2.1%" is not a figure of any fact'),
      expect.stringContaining('"₪3" is not a figure of any fact'),
    ]);
  });

  it('reads French, Romanian and Chinese figures in their own notation and units, and only there', () => {
    const fr = `Le rythme est de 93,75\u202f% ${cite('pacing_pct')} : 6\u202f000 ₪ ${cite('actual_to_date')} dépensés, 555,56 ₪ ${cite('daily_spend_needed')} par jour, 18 jours ${cite('days_left')}, 3,6 fois ${cite('ctr_vs_plan', 'Search 2026')}.`;
    const r = checkGrounding(fr, ils, { lang: 'fr', requireCitations: true });
    expect(r.figures.map((f) => [f.text, f.reason])).toEqual([
      ['93,75 %', 'SUPPORTED'],
      ['6 000 ₪', 'SUPPORTED'],
      ['555,56 ₪', 'SUPPORTED'],
      ['18 jours', 'SUPPORTED'],
      ['3,6 fois', 'SUPPORTED'],
    ]);
    // Read as English, "93,75" is 93 and 75: no fact.
    expect(checkGrounding(fr, ils, { requireCitations: true }).ok).toBe(false);
    const ro = `Ritm de 93,75 % ${cite('pacing_pct')}: 6.000 ₪ ${cite('actual_to_date')}, 18 zile ${cite('days_left')}, de 3,6 ori ${cite('ctr_vs_plan', 'Search 2026')}.`;
    expect(checkGrounding(ro, ils, { lang: 'ro', requireCitations: true }).ok).toBe(true);
    // "6.000" in English notation is 6, and "1.234" in Romanian is 1234.
    expect(checkGrounding(ro, ils, { requireCitations: true }).ok).toBe(false);
    const zh = `投放进度 93.75% ${cite('pacing_pct')}，已花费 ₪6,000 ${cite('actual_to_date')}，剩余 18 天 ${cite('days_left')}，是计划的 3.6 倍 ${cite('ctr_vs_plan', 'Search 2026')}。`;
    const z = checkGrounding(zh, ils, { lang: 'zh', requireCitations: true });
    expect(z.figures.map((f) => [f.kind, f.reason])).toEqual([
      ['percent', 'SUPPORTED'],
      ['currency', 'SUPPORTED'],
      ['days', 'SUPPORTED'],
      ['ratio', 'SUPPORTED'],
    ]);
    // A Chinese full stop ends a sentence: a citation after it does not cite the figure before it.
    expect(
      checkGrounding(`已花费 ₪6,000。${cite('actual_to_date')}`, ils, { lang: 'zh', requireCitations: true }).ok,
    ).toBe(false);
  });
});
