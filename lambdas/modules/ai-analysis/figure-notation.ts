import type { Locale } from '../../shared/locales';

/**
 * How an analysis writes its numbers, per language, and so how the grounding check reads them
 * (figure-reading.ts): Hebrew, English and Chinese "1,234.5"; French "1 234,5" (a narrow no-break
 * space between thousands, read as a space once the answer is normalised); Romanian "1.234,5". The
 * model is told the same (analyst.ts), so a French reader never meets "1,234" meaning 1.234.
 */
export interface Notation {
  /** Between groups of three digits, as written. */
  group: string;
  /** Between the whole part and the decimals. */
  decimal: string;
}

const DOT_DECIMAL: Notation = { group: ',', decimal: '.' };

export const NOTATIONS: Readonly<Record<Locale, Notation>> = {
  he: DOT_DECIMAL,
  en: DOT_DECIMAL,
  zh: DOT_DECIMAL,
  fr: { group: '\u202f', decimal: ',' },
  ro: { group: '.', decimal: ',' },
};

/** |v| grouped by three, with 2 decimals unless whole (by hand: no Intl, so no ICU start in a Lambda). */
export function amountIn(v: number, lang: Locale): string {
  const { group, decimal } = NOTATIONS[lang];
  const abs = Math.abs(v);
  const [whole, decimals] = (Number.isInteger(abs) ? String(abs) : abs.toFixed(2)).split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, group)}${decimals ? `${decimal}${decimals}` : ''}`;
}
