/** The schemas' own spelling of a number (lambdas/shared/schema-fields.ts `numberish`): digits, one optional dot. */
const PLAIN = /^-?\d+(\.\d+)?$/;
/** Digits grouped by thousands with commas or (no-break) spaces, as people type and paste them: "10,000.5", "1 250". */
const GROUPED = /^-?\d{1,3}([,\s\u00a0\u202f]\d{3})+(\.\d+)?$/;

/**
 * A number field's text as the route's input: the number it spells ("10,000.5" → 10000.5), undefined
 * when it is empty (the schema then says "required", or applies its default), else the text itself,
 * which the schema refuses as "must be a number" exactly as the API refuses it in a form post.
 * Thousands separators count only in whole groups of three, so "1,5" is not read as 15.
 */
export function numberInput(text: string): number | string | undefined {
  const v = text.trim();
  if (v === '') return undefined;
  const plain = GROUPED.test(v) ? v.replace(/[,\s\u00a0\u202f]/g, '') : v;
  return PLAIN.test(plain) ? Number(plain) : v;
}
