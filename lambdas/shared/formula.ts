/**
 * Custom column formulas (docs/domain.md "Custom column"): a hand-written tokenizer and
 * recursive-descent parser to an AST, and an evaluator over it. Never eval or Function: a formula
 * can only name metrics from a fixed list and combine them with + − × ÷, so a saved formula cannot
 * run code on the server or in a colleague's browser. Shared by the save handler (rejects bad
 * formulas with a position) and the console (evaluates per row), dependency-free.
 *
 * Grammar (whitespace anywhere between tokens):
 *   expr    := term (('+' | '-') term)*            left-associative: 10 - 2 - 3 = 5
 *   term    := unary (('*' | '/') unary)*           binds tighter than + and -
 *   unary   := '-' unary | primary                  unary minus only (no unary plus)
 *   primary := number | name | '(' expr ')'
 *   number  := digits, optionally '.' and digits (no exponent, no leading or trailing '.')
 *   name    := a letter, then letters, digits or '_'
 * `×` `÷` `−` (U+2212) are accepted as `*` `/` `-`.
 *
 * Names match the known metric names case-insensitively ("CTR" is ctr, as people type it) and the
 * AST holds the known spelling; a name that matches two known names only by case must be exact.
 * Positions are 0-based indexes into the formula string (JavaScript string indexes).
 */
import { FormulaSyntaxError, tokenize, type BinaryOp, type FormulaReason, type Token } from './formula-tokens';

export const MAX_FORMULA_LENGTH = 500;
/** Nesting of parentheses and unary minus together; keeps the recursion (and the AST) shallow. */
export const MAX_FORMULA_DEPTH = 50;

export const METRIC_NAMES = {
  mediaPlan: [
    'budget',
    'net',
    'managementFee',
    'systemFee',
    'creativeFee',
    'total',
    'impressions',
    'clicks',
    'conversions',
    'views',
    'unitCost',
    'imageCreatives',
    'videoCreatives',
  ],
  performance: [
    'impressions',
    'clicks',
    'spend',
    'conversions',
    'conversionValue',
    'videoViews',
    'reach',
    'ctr',
    'cpc',
    'cpm',
    'cpa',
    'cvr',
    'roas',
  ],
} as const;
export type FormulaScope = keyof typeof METRIC_NAMES;
export type PerformanceMetricName = (typeof METRIC_NAMES.performance)[number];

export type { BinaryOp };

/** Plain data (JSON-serialisable); `position` is where the node's token starts in the text. */
export type FormulaNode =
  | { kind: 'number'; value: number; position: number }
  | { kind: 'name'; name: string; position: number }
  | { kind: 'negate'; operand: FormulaNode; position: number }
  | { kind: 'binary'; op: BinaryOp; left: FormulaNode; right: FormulaNode; position: number };

/** Why a formula is refused: its English `message`, and the reason with its params (shared/error-reasons.ts) that the console translates. */
export interface FormulaError {
  message: string;
  position: number;
  reason: FormulaReason;
  params: Record<string, string | number>;
}

export type ParseResult = { ok: true; ast: FormulaNode; names: string[] } | { ok: false; error: FormulaError };

const refused = (e: FormulaSyntaxError): ParseResult => ({
  ok: false,
  error: { message: e.message, position: e.position, reason: e.reason, params: e.params },
});

// ---------------------------------------------------------------------------------------------
// Parser
// ---------------------------------------------------------------------------------------------

/** Known names by exact spelling, then by lower case (null when two differ only by case). */
function nameResolver(knownNames: readonly string[]): (name: string) => string | undefined {
  const exact = new Set(knownNames);
  const folded = new Map<string, string | null>();
  for (const n of knownNames) {
    const key = n.toLowerCase();
    folded.set(key, folded.has(key) && folded.get(key) !== n ? null : n);
  }
  return (name) => (exact.has(name) ? name : (folded.get(name.toLowerCase()) ?? undefined));
}

class Parser {
  private index = 0;
  private depth = 0;
  readonly names: string[] = [];

  constructor(
    private readonly tokens: Token[],
    private readonly resolve: (name: string) => string | undefined,
  ) {}

  parse(): FormulaNode {
    const ast = this.expr();
    const next = this.peek();
    if (next.type !== 'end') throw new FormulaSyntaxError('FORMULA_UNEXPECTED', next.position, { token: next.text });
    return ast;
  }

  private peek(): Token {
    return this.tokens[this.index];
  }
  private take(): Token {
    return this.tokens[this.index++];
  }

  private expr(): FormulaNode {
    let left = this.term();
    for (let t = this.peek(); t.type === 'op' && (t.op === '+' || t.op === '-'); t = this.peek()) {
      this.take();
      left = { kind: 'binary', op: t.op, left, right: this.term(), position: t.position };
    }
    return left;
  }

  private term(): FormulaNode {
    let left = this.unary();
    for (let t = this.peek(); t.type === 'op' && (t.op === '*' || t.op === '/'); t = this.peek()) {
      this.take();
      left = { kind: 'binary', op: t.op, left, right: this.unary(), position: t.position };
    }
    return left;
  }

  private enter(position: number): void {
    this.depth += 1;
    if (this.depth > MAX_FORMULA_DEPTH) {
      throw new FormulaSyntaxError('FORMULA_TOO_DEEP', position, { limit: MAX_FORMULA_DEPTH });
    }
  }

  private unary(): FormulaNode {
    const t = this.peek();
    if (t.type === 'op' && t.op === '-') {
      this.take();
      this.enter(t.position);
      const operand = this.unary();
      this.depth -= 1;
      return { kind: 'negate', operand, position: t.position };
    }
    return this.primary();
  }

  private primary(): FormulaNode {
    const t = this.take();
    switch (t.type) {
      case 'number':
        return { kind: 'number', value: t.value, position: t.position };
      case 'name': {
        const name = this.resolve(t.text);
        if (name === undefined) throw new FormulaSyntaxError('FORMULA_UNKNOWN_NAME', t.position, { token: t.text });
        if (!this.names.includes(name)) this.names.push(name);
        return { kind: 'name', name, position: t.position };
      }
      case '(': {
        this.enter(t.position);
        const inner = this.expr();
        const close = this.peek();
        if (close.type === 'end') throw new FormulaSyntaxError('FORMULA_UNCLOSED', t.position);
        if (close.type !== ')')
          throw new FormulaSyntaxError('FORMULA_UNEXPECTED', close.position, { token: close.text });
        this.take();
        this.depth -= 1;
        return inner;
      }
      case 'end':
        throw new FormulaSyntaxError('FORMULA_OPERAND_EXPECTED', t.position);
      default:
        throw new FormulaSyntaxError('FORMULA_UNEXPECTED', t.position, { token: t.text });
    }
  }
}

/**
 * Parses a formula against the names of its scope (e.g. METRIC_NAMES.performance). Never throws
 * for any text: a bad formula comes back as { ok: false, error: { message, position } }, the message
 * ending in "at position N" so a save handler can return it as is.
 */
export function parseFormula(text: string, knownNames: readonly string[]): ParseResult {
  if (typeof text !== 'string') return refused(new FormulaSyntaxError('FORMULA_NOT_TEXT', 0));
  if (text.length > MAX_FORMULA_LENGTH) {
    return refused(new FormulaSyntaxError('FORMULA_TOO_LONG', MAX_FORMULA_LENGTH, { limit: MAX_FORMULA_LENGTH }));
  }
  try {
    const parser = new Parser(tokenize(text), nameResolver(knownNames));
    const ast = parser.parse();
    return { ok: true, ast, names: parser.names };
  } catch (e) {
    if (e instanceof FormulaSyntaxError) return refused(e);
    throw e; // a bug in this module, not a bad formula: let it surface
  }
}

// ---------------------------------------------------------------------------------------------
// Evaluation
// ---------------------------------------------------------------------------------------------

/**
 * Evaluates in binary floating point: custom columns are display metrics (CTR, cost per view),
 * never money that is billed; money goes through money.ts. A name missing from `values` or holding
 * a non-finite value counts as 0; division by zero gives 0 (docs/domain.md); a non-finite result
 * (overflow) gives 0; −0 is returned as 0 so it never displays as "-0".
 */
export function evaluateFormula(ast: FormulaNode, values: Readonly<Record<string, number>>): number {
  const result = formulaValue(ast, values);
  return Number.isFinite(result) && result !== 0 ? result : 0;
}

/**
 * The formula's value as computed, before evaluateFormula's clean-up: names and division by zero
 * as there, but an overflow stays non-finite, for a caller that shows it otherwise (a report's "—").
 */
export function formulaValue(node: FormulaNode, values: Readonly<Record<string, number>>): number {
  switch (node.kind) {
    case 'number':
      return node.value;
    case 'name': {
      // hasOwn: a name like 'constructor' must never reach Object.prototype.
      const v = Object.hasOwn(values, node.name) ? values[node.name] : 0;
      return typeof v === 'number' && Number.isFinite(v) ? v : 0;
    }
    case 'negate':
      return -formulaValue(node.operand, values);
    case 'binary': {
      const a = formulaValue(node.left, values);
      const b = formulaValue(node.right, values);
      switch (node.op) {
        case '+':
          return a + b;
        case '-':
          return a - b;
        case '*':
          return a * b;
        case '/':
          return b === 0 ? 0 : a / b;
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Performance metrics (docs/domain.md)
// ---------------------------------------------------------------------------------------------

/** The counted fields of a daily stat (or a sum of them over a period). spend in major units. */
export interface PerformanceStat {
  impressions: number;
  clicks: number;
  spend: number;
  conversions: number;
  conversionValue: number;
  videoViews?: number;
  reach?: number;
}

const ratio = (a: number, b: number): number => {
  const r = b === 0 ? 0 : a / b;
  return Number.isFinite(r) ? r : 0;
};

/**
 * Every performance metric name with its value: the stat's own counts plus the derived ratios.
 * Ratios stay ratios (CTR 0.05, not 5): a custom column's Format "percent" shows them × 100, and
 * `clicks / impressions * 100` gives the percent figure explicitly. Any division by zero gives 0.
 * The result is the `values` argument evaluateFormula needs for the performance scope.
 */
export function performanceMetrics(stat: PerformanceStat): Record<PerformanceMetricName, number> {
  const { impressions, clicks, spend, conversions, conversionValue } = stat;
  return {
    impressions,
    clicks,
    spend,
    conversions,
    conversionValue,
    videoViews: stat.videoViews ?? 0,
    reach: stat.reach ?? 0,
    ctr: ratio(clicks, impressions),
    cpc: ratio(spend, clicks),
    cpm: ratio(spend * 1000, impressions),
    cpa: ratio(spend, conversions),
    cvr: ratio(conversions, clicks),
    roas: ratio(conversionValue, spend),
  };
}
