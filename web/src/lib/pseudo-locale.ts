/**
 * A pseudo-locale for tests: every string from a catalogue shows accented, longer and bracketed
 * (`⟦Sávé ··⟧`), so a page read in a browser tells what came from a catalogue — anything else with
 * letters is either data or a string written in the code. Switched on per browser by the
 * `mixdesk-pseudo` storage key (the journeys set it; lib/i18n.ts loads this module only then); users
 * never see it.
 */
export const PSEUDO_OPEN = '⟦';
export const PSEUDO_CLOSE = '⟧';
const ACCENTED: Record<string, string> = {
  a: 'á',
  e: 'é',
  i: 'í',
  o: 'ó',
  u: 'ú',
  c: 'ç',
  n: 'ñ',
  A: 'Á',
  E: 'É',
  I: 'Í',
  O: 'Ó',
  U: 'Ú',
  C: 'Ç',
  N: 'Ñ',
};

/**
 * The pseudo form of a catalogue string: letters outside interpolated values (between `open` and
 * `close`, the marks lib/i18n.ts puts around them) accented, ~30 % longer, bracketed.
 */
export function pseudoText(text: string, open: string, close: string): string {
  let depth = 0;
  let out = '';
  for (const ch of text) {
    if (ch === open) depth += 1;
    else if (ch === close) depth = Math.max(0, depth - 1);
    out += depth === 0 ? (ACCENTED[ch] ?? ch) : ch;
  }
  const letters = text.replace(/[^\p{L}]/gu, '').length;
  return `${PSEUDO_OPEN}${out}${letters ? ` ${'·'.repeat(Math.ceil(letters * 0.3))}` : ''}${PSEUDO_CLOSE}`;
}
