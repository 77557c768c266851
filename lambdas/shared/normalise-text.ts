/**
 * The one normalisation of user-entered text (docs/input-normalisation.md). Every string builder of
 * lambdas/shared/schema-fields.ts runs it before validating, so each name and free-text field of every
 * route stores what a person can see: no control characters, no bidi overrides that disguise
 * "Invoice\u202Egpj.exe" as "Invoiceexe.jpg", no value made only of invisible characters that
 * passes "is required". Hebrew (right-to-left by itself) and the LRM/RLM marks inside it are kept.
 * Shared with the console, so it may clean input the same way before sending.
 */

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Removed everywhere: C0 controls (the ones a multi-line text keeps are handled before), DEL, C1
 * controls, bidi embeddings/overrides U+202A–U+202E and isolates U+2066–U+2069, the byte order mark
 * U+FEFF (deprecated as a zero-width no-break space; U+2060 replaces it), interlinear annotations.
 */
const STRIPPED = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\uFEFF\uFFF9-\uFFFB]/g;

/**
 * Text written to a file (an export's name, sheet, headers and cells): bidi isolates (U+2066–U+2069)
 * lay values out on a right-to-left SCREEN; in a file they are invisible characters a spreadsheet
 * keeps, a search misses and a file system shows as junk, so every export writer drops them.
 */
export const withoutIsolates = (text: string): string => text.replace(/[\u2066-\u2069]/g, '');

/** Unicode white space plus the zero-width characters JS's \s does not know (they pass String.trim()). */
const EDGE = '[\\s\\u200B-\\u200D\\u2060\\u180E]+';
const TRIM = new RegExp(`^${EDGE}|${EDGE}$`, 'g');

/** Characters nobody can see: a value made only of these is empty (LRM/RLM/ALM are kept inside real text). */
const ONLY_INVISIBLE = /^[\s\u200B-\u200F\u2060\u061C\u180E]*$/;

/** Would normalisation strip something from inside `value` (for fields that refuse rather than clean)? Tabs and line breaks are allowed. */
export function hasHiddenCharacters(value: string): boolean {
  return new RegExp(STRIPPED.source).test(value) || new RegExp(LONE_SURROGATE.source).test(value);
}

export interface NormaliseOptions {
  /** Keep line breaks (\n) and tabs: notes, descriptions, objectives, reasons. */
  multiline?: boolean;
}

export function normaliseText(value: string, opts: NormaliseOptions = {}): string {
  let s = value.replace(LONE_SURROGATE, '').normalize('NFC');
  // Line breaks: one spelling (\n) in a multi-line text; a space in a single line (never glue two words).
  s = s.replace(/\r\n?|[\u0085\u2028\u2029]/g, '\n');
  if (!opts.multiline) s = s.replace(/[\t\n\u000B\u000C]/g, ' ');
  s = s.replace(STRIPPED, '');
  s = s.replace(TRIM, '');
  return ONLY_INVISIBLE.test(s) ? '' : s;
}

/**
 * Look-alike letters of Cyrillic and Greek folded to the Latin letter they pass for (a small,
 * cheap subset of Unicode's confusables: the letters a forged client name would use).
 * Upper case first (before lower-casing turns Cyrillic В into в, which no longer looks like b).
 */
const LOOK_ALIKE_UPPER: Record<string, string> = {
  А: 'A',
  В: 'B',
  Е: 'E',
  К: 'K',
  М: 'M',
  Н: 'H',
  О: 'O',
  Р: 'P',
  С: 'C',
  Т: 'T',
  Х: 'X',
  У: 'Y',
  І: 'I',
  Ј: 'J',
  Ѕ: 'S',
  Ԛ: 'Q',
  Ԝ: 'W',
  Α: 'A',
  Β: 'B',
  Ε: 'E',
  Ζ: 'Z',
  Η: 'H',
  Ι: 'I',
  Κ: 'K',
  Μ: 'M',
  Ν: 'N',
  Ο: 'O',
  Ρ: 'P',
  Τ: 'T',
  Υ: 'Y',
  Χ: 'X',
};
const LOOK_ALIKE_LOWER: Record<string, string> = {
  а: 'a',
  е: 'e',
  о: 'o',
  р: 'p',
  с: 'c',
  х: 'x',
  у: 'y',
  і: 'i',
  ѕ: 's',
  ј: 'j',
  ԁ: 'd',
  һ: 'h',
  ԛ: 'q',
  ԝ: 'w',
  к: 'k',
  ο: 'o',
  ν: 'v',
  ι: 'i',
  κ: 'k',
  ρ: 'p',
  υ: 'u',
  α: 'a',
};
const UPPER = new RegExp(`[${Object.keys(LOOK_ALIKE_UPPER).join('')}]`, 'g');
const LOWER = new RegExp(`[${Object.keys(LOOK_ALIKE_LOWER).join('')}]`, 'g');

/**
 * The uniqueness key of a name: two names with the same fold are "the same name" to a person
 * (case, full-width forms, look-alike letters, invisible marks and repeated spaces aside).
 */
export function foldName(name: string): string {
  return normaliseText(name)
    .normalize('NFKC')
    .replace(/[\u00AD\u200B-\u200F\u2060\u061C\u180E]/g, '')
    .replace(UPPER, (c) => LOOK_ALIKE_UPPER[c])
    .toLowerCase()
    .replace(LOWER, (c) => LOOK_ALIKE_LOWER[c])
    .replace(/\s+/g, ' ');
}
