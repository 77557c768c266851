/**
 * Numbers as the console's number fields take them: typed in the UI language's way, held as the
 * schemas' own plain spelling (lambdas/shared/schema-fields.ts `numberish`: "-1234.5"), the way
 * date-text.ts does for dates. French and Romanian write a decimal comma and group thousands with a
 * (no-break) space or a dot (`1 234,5`, `1.234,5`); English, Hebrew and Chinese a decimal dot and
 * commas between thousands (`1,234.5`). A space between thousands is read in every language.
 */

/** What a number field holds while its text is no number in the UI's language: the schemas refuse it. */
export const INVALID_NUMBER = 'invalid-number';

const COMMA_DECIMAL = new Set(['fr', 'ro']);
/** The schemas' spelling of a number. */
const PLAIN = /^-?\d+(\.\d+)?$/;

/** The decimal separator and the thousands separators other than a space, in a UI language. */
function notationOf(locale: string): { decimal: string; groups: string } {
  return COMMA_DECIMAL.has(locale.slice(0, 2).toLowerCase())
    ? { decimal: ',', groups: '.' }
    : { decimal: '.', groups: ',' };
}

/** The digits of a whole part: plain, or grouped by thousands with ONE separator throughout ("1 234 567"). */
function wholeDigits(whole: string, groups: string): string | null {
  if (/^\d*$/.test(whole)) return whole;
  const sep = whole.replace(/\d/g, '')[0];
  if (sep !== ' ' && !groups.includes(sep)) return null;
  const grouped = new RegExp(`^\\d{1,3}(?:\\${sep}\\d{3})+$`);
  return grouped.test(whole) ? whole.split(sep).join('') : null;
}

/**
 * Typed text → the plain spelling ("1 234,50" in French → "1234.50"), '' when nothing is typed,
 * null when the text is no number in that language: two decimal separators, letters, a group that
 * is not three digits ("1,5" in English, "1.5" in French), a separator of the other language.
 */
function plainOf(text: string, locale: string): string | null {
  let t = text.trim().replace(/[\s\u00a0\u202f]/g, ' ');
  if (t === '') return '';
  const negative = t[0] === '-' || t[0] === '\u2212';
  if (negative) t = t.slice(1);
  const { decimal, groups } = notationOf(locale);
  const parts = t.split(decimal);
  if (parts.length > 2) return null;
  const [whole, frac] = parts;
  if (frac !== undefined && !/^\d+$/.test(frac)) return null;
  const digits = wholeDigits(whole, groups);
  if (digits === null || (digits === '' && frac === undefined)) return null;
  const plain = `${negative ? '-' : ''}${digits.replace(/^0+(?=\d)/, '') || '0'}${frac === undefined ? '' : `.${frac}`}`;
  return Number.isFinite(Number(plain)) ? plain : null;
}

/** The number typed in the UI's language; undefined when nothing is typed, null when it is no number there. */
export function parseNumberInput(text: string, locale: string): number | null | undefined {
  const plain = plainOf(text, locale);
  return plain === '' ? undefined : plain === null ? null : Number(plain);
}

/** What a number field holds for what is typed: '' (nothing), the plain spelling, or INVALID_NUMBER. */
export function numberFieldValue(text: string, locale: string): string {
  return plainOf(text, locale) ?? INVALID_NUMBER;
}

/** A number in the schemas' spelling: String() but never an exponent (1e-7 → "0.0000001"). */
function plainOfNumber(n: number): string {
  if (!Number.isFinite(n)) return '';
  const s = String(n);
  return /e/i.test(s) ? n.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 }) : s;
}

/** A stored number (or a field's plain spelling) as a number input shows it: no grouping, the language's decimal separator. */
export function numberInputText(value: number | string | null | undefined, locale: string): string {
  if (value === null || value === undefined || value === INVALID_NUMBER) return '';
  const plain = typeof value === 'number' ? plainOfNumber(value) : value.trim();
  if (!PLAIN.test(plain)) return plain;
  return notationOf(locale).decimal === ',' ? plain.replace('.', ',') : plain;
}
