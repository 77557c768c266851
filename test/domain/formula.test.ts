import { reasonText } from '../../lambdas/shared/error-reasons';
import {
  evaluateFormula,
  MAX_FORMULA_DEPTH,
  MAX_FORMULA_LENGTH,
  METRIC_NAMES,
  parseFormula,
  performanceMetrics,
} from '../../lambdas/shared/formula';

const perf = METRIC_NAMES.performance;
// ctr 0.05, cpc 5, cpm 250, cpa 50, cvr 0.1, roas 4; videoViews and reach absent → 0
const values = performanceMetrics({ impressions: 1000, clicks: 50, spend: 250, conversions: 5, conversionValue: 1000 });

function run(text: string, known: readonly string[] = perf): number {
  const parsed = parseFormula(text, known);
  if (!parsed.ok) throw new Error(`did not parse: ${parsed.error.message}`);
  return evaluateFormula(parsed.ast, values);
}

describe('formula evaluation', () => {
  it.each([
    ['1 + 2', 3],
    ['2 + 3 * 4', 14],
    ['(2 + 3) * 4', 20],
    ['2 * 3 + 4 * 5', 26],
    ['1 - 2 * 3 + 4', -1],
    ['10 - 2 - 3', 5], // left-associative
    ['100 / 10 / 2', 5],
    ['8 / 2 * 4', 16],
    ['2 * -3', -6],
    ['-2 * -2', 4],
    ['2 - -2', 4],
    ['-(1+2)', -3],
    ['--1', 1],
    ['---1', -1],
    ['1 / 0', 0], // division by zero gives 0
    ['clicks / 0', 0],
    ['1 / (clicks - clicks)', 0],
    ['spend / conversions / 0 + 1', 1],
    ['(clicks / impressions) * 100', 5],
    ['clicks / impressions * 100', 5],
    ['spend / conversions', 50],
    ['(clicks + conversions) / impressions * 1000', 55],
    ['2 × 3', 6], // Unicode operators
    ['9 ÷ 3', 3],
    ['5 − 2', 3],
    ['−5', -5],
    ['2×(3−1)÷4', 1],
    ['  clicks\t*\n2  ', 100], // whitespace anywhere
    ['clicks*2', 100],
    ['1.5 * 2', 3],
    ['0.25 + 0.25', 0.5],
    ['12.50 - 0.5', 12],
    ['007', 7],
    ['((((1))))', 1],
    ['CTR * 100', 5], // names match case-insensitively
    ['Spend / Clicks', 5],
    ['roas + cvr', 4.1],
    ['reach + videoViews', 0], // absent metrics count as 0
  ])('%s = %d', (text, expected) => {
    expect(run(text)).toBeCloseTo(expected, 10);
  });

  it('never returns -0 or a non-finite number', () => {
    expect(Object.is(run('-0'), 0)).toBe(true);
    expect(Object.is(run('0 * -1'), 0)).toBe(true);
    const huge = parseFormula('9'.repeat(300) + ' * ' + '9'.repeat(100), perf);
    expect(huge.ok && evaluateFormula(huge.ast, values)).toBe(0); // Infinity → 0
    const nan = parseFormula('clicks - impressions', perf);
    expect(nan.ok && evaluateFormula(nan.ast, { clicks: Number.NaN, impressions: Number.POSITIVE_INFINITY })).toBe(0);
  });

  it('returns the names used, once each, in their known spelling', () => {
    const r = parseFormula('clicks / IMPRESSIONS + clicks * ctr', perf);
    expect(r.ok && r.names).toEqual(['clicks', 'impressions', 'ctr']);
  });

  it('builds a left-associative, JSON-serialisable AST', () => {
    const r = parseFormula('1 - x - -2', ['x']);
    expect(r.ok && JSON.parse(JSON.stringify(r.ast))).toEqual({
      kind: 'binary',
      op: '-',
      position: 6,
      left: {
        kind: 'binary',
        op: '-',
        position: 2,
        left: { kind: 'number', value: 1, position: 0 },
        right: { kind: 'name', name: 'x', position: 4 },
      },
      right: { kind: 'negate', position: 8, operand: { kind: 'number', value: 2, position: 9 } },
    });
  });
});

describe('formula errors name the position', () => {
  it.each([
    ['1 + spnd', "Unknown name 'spnd' at position 4", 4],
    ['clicks / impresions', "Unknown name 'impresions' at position 9", 9],
    ['constructor', "Unknown name 'constructor' at position 0", 0],
    ['toString * 2', "Unknown name 'toString' at position 0", 0],
    ['(clicks +)', "Unexpected ')' at position 9", 9],
    ['clicks)', "Unexpected ')' at position 6", 6],
    ['()', "Unexpected ')' at position 1", 1],
    ['clicks / (3 +', "Expected a number, a name or '(' at position 13", 13],
    ['', "Expected a number, a name or '(' at position 0", 0],
    ['   ', "Expected a number, a name or '(' at position 3", 3],
    ['2 * (3 + 4', "Missing ')' opened at position 4", 4],
    ['((1', "Missing ')' opened at position 1", 1],
    ['clicks impressions', "Unexpected 'impressions' at position 7", 7],
    ['2clicks', "Unexpected 'clicks' at position 1", 1],
    ['2 (3)', "Unexpected '(' at position 2", 2],
    ['* 2', "Unexpected '*' at position 0", 0],
    ['2 + × 3', "Unexpected '×' at position 4", 4],
    ['+1', "Unexpected '+' at position 0", 0], // no unary plus
    ['1.2.3', "Malformed number '1.2.3' at position 0", 0],
    ['.5', "Malformed number '.5' at position 0", 0],
    ['3 * 5.', "Malformed number '5.' at position 4", 4],
    ['clicks # 2', "Unexpected character '#' at position 7", 7],
    ['2 ^ 3', "Unexpected character '^' at position 2", 2],
    ['_x', "Unexpected character '_' at position 0", 0],
    ['1' + '0'.repeat(400), 'Number too large at position 0', 0],
  ])('%j → %s', (text, message, position) => {
    const r = parseFormula(text, perf);
    expect(r).toMatchObject({ ok: false, error: { message, position } });
    // Its reason, for the console to say in the user's language (shared/error-reasons.ts), says the same in English.
    if (!r.ok) expect(reasonText(r.error.reason, r.error.params)).toBe(message);
  });

  it('checks names against the scope: spend is not a media-plan metric', () => {
    expect(parseFormula('net + spend', METRIC_NAMES.mediaPlan)).toMatchObject({
      ok: false,
      error: { message: "Unknown name 'spend' at position 6", position: 6 },
    });
    expect(parseFormula('total - net', METRIC_NAMES.mediaPlan).ok).toBe(true);
  });

  it('needs the exact spelling when two known names differ only by case', () => {
    expect(parseFormula('Foo + foo', ['Foo', 'foo']).ok).toBe(true);
    expect(parseFormula('FOO', ['Foo', 'foo'])).toMatchObject({ ok: false, error: { position: 0 } });
  });
});

describe('formula limits', () => {
  it(`accepts ${MAX_FORMULA_LENGTH} characters and refuses one more`, () => {
    const longest = '1+'.repeat(249) + '10';
    expect(longest).toHaveLength(MAX_FORMULA_LENGTH);
    expect(run(longest)).toBe(259);
    expect(parseFormula(longest + ' ', perf)).toMatchObject({
      ok: false,
      error: { message: 'Formula is longer than 500 characters at position 500', position: 500 },
    });
  });

  it(`accepts ${MAX_FORMULA_DEPTH} levels of nesting and refuses one more`, () => {
    const depth = (n: number) => '('.repeat(n) + '1' + ')'.repeat(n);
    expect(run(depth(50))).toBe(1);
    expect(parseFormula(depth(51), perf)).toMatchObject({
      ok: false,
      error: { message: 'Formula is nested too deeply (more than 50 levels) at position 50', position: 50 },
    });
    expect(run('-'.repeat(50) + '1')).toBe(1);
    expect(parseFormula('-'.repeat(51) + '1', perf)).toMatchObject({ ok: false, error: { position: 50 } });
    expect(run('-('.repeat(25) + '1' + ')'.repeat(25))).toBe(-1); // minus and parentheses count together
    expect(parseFormula('-('.repeat(25) + '-1' + ')'.repeat(25), perf)).toMatchObject({
      ok: false,
      error: { position: 50 },
    });
  });
});

describe('performance metrics (docs/domain.md)', () => {
  it('derives the ratios', () => {
    expect(values).toEqual({
      impressions: 1000,
      clicks: 50,
      spend: 250,
      conversions: 5,
      conversionValue: 1000,
      videoViews: 0,
      reach: 0,
      ctr: 0.05,
      cpc: 5,
      cpm: 250,
      cpa: 50,
      cvr: 0.1,
      roas: 4,
    });
    expect(Object.keys(values).sort()).toEqual([...perf].sort());
  });

  it('shows 0 for every division by zero', () => {
    const none = performanceMetrics({
      impressions: 0,
      clicks: 0,
      spend: 0,
      conversions: 0,
      conversionValue: 0,
      videoViews: 7,
      reach: 3,
    });
    expect(none).toMatchObject({ ctr: 0, cpc: 0, cpm: 0, cpa: 0, cvr: 0, roas: 0, videoViews: 7, reach: 3 });
    expect(
      performanceMetrics({ impressions: 0, clicks: 10, spend: 5, conversions: 0, conversionValue: 9 }),
    ).toMatchObject({
      ctr: 0,
      cpc: 0.5,
      cpm: 0,
      cpa: 0,
      cvr: 0,
      roas: 1.8,
    });
  });
});
