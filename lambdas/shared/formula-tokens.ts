import { reasonText, type ErrorReason } from './error-reasons';

/** The custom column formula's tokens (formula.ts parses them; its header has the grammar). */

export type BinaryOp = '+' | '-' | '*' | '/';
export type FormulaReason = Extract<ErrorReason, `FORMULA_${string}`>;

export type Token =
  | { type: 'number'; value: number; text: string; position: number }
  | { type: 'name'; text: string; position: number }
  | { type: 'op'; op: BinaryOp; text: string; position: number }
  | { type: '(' | ')'; text: string; position: number }
  | { type: 'end'; text: string; position: number };

const OPERATORS: Readonly<Record<string, BinaryOp>> = {
  '+': '+',
  '-': '-',
  '\u2212': '-',
  '*': '*',
  '\u00d7': '*',
  '/': '/',
  '\u00f7': '/',
};

/** Thrown inside the parser only; parseFormula turns it into an { ok: false } result. */
export class FormulaSyntaxError extends Error {
  readonly params: Record<string, string | number>;
  constructor(
    readonly reason: FormulaReason,
    readonly position: number,
    params: Record<string, string | number> = {},
  ) {
    const all = { ...params, position };
    super(reasonText(reason, all));
    this.params = all;
  }
}

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (/\s/.test(c)) {
      i += 1;
      continue;
    }
    const start = i;
    if (/[0-9.]/.test(c)) {
      while (i < text.length && /[0-9.]/.test(text[i])) i += 1;
      const literal = text.slice(start, i);
      if (!/^\d+(\.\d+)?$/.test(literal))
        throw new FormulaSyntaxError('FORMULA_MALFORMED_NUMBER', start, { token: literal });
      const value = Number(literal);
      if (!Number.isFinite(value)) throw new FormulaSyntaxError('FORMULA_NUMBER_TOO_LARGE', start);
      tokens.push({ type: 'number', value, text: literal, position: start });
    } else if (/[A-Za-z]/.test(c)) {
      while (i < text.length && /[A-Za-z0-9_]/.test(text[i])) i += 1;
      tokens.push({ type: 'name', text: text.slice(start, i), position: start });
    } else if (Object.hasOwn(OPERATORS, c)) {
      tokens.push({ type: 'op', op: OPERATORS[c], text: c, position: start });
      i += 1;
    } else if (c === '(' || c === ')') {
      tokens.push({ type: c, text: c, position: start });
      i += 1;
    } else {
      // Name a lone surrogate or an astral character by its code point, not half of it.
      const ch = String.fromCodePoint(text.codePointAt(i)!);
      throw new FormulaSyntaxError('FORMULA_UNEXPECTED_CHARACTER', start, { token: ch });
    }
  }
  tokens.push({ type: 'end', text: '', position: text.length });
  return tokens;
}
