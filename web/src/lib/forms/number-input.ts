import { parseNumberInput } from './number-text';

/**
 * A number field's value as the route's input: the number it spells, undefined when it is empty (the
 * schema then says "required", or applies its default), else the text itself, which the schema
 * refuses as "must be a number" exactly as the API refuses it in a form post. A number field holds
 * the plain spelling whatever the UI's language (number-text.ts `numberFieldValue`, INVALID_NUMBER
 * while what is typed is no number), so it is read the one way: a dot decimal; commas or spaces
 * between thousands count only in whole groups of three, so "1,5" is not read as 15.
 */
export function numberInput(text: string): number | string | undefined {
  const n = parseNumberInput(text, 'en');
  return n === undefined ? undefined : n === null ? text.trim() : n;
}
