import { INTL_TAGS, type Locale } from './locales';

/**
 * Numbers written INTO a text of a file or a mail (a VAT rate, an exchange rate, a total in a
 * sentence), as the reader's language writes them: French "1 234,5", Romanian "1.234,5", Chinese
 * "1,234.5". Made on each call, not at import: a formatter made at import starts ICU in every cold
 * start.
 */

/** A number with up to `maxDecimals` decimals (10 by default: an exchange rate keeps all of its own). */
export const numberIn = (lang: Locale, n: number, maxDecimals = 10) =>
  new Intl.NumberFormat(INTL_TAGS[lang], { maximumFractionDigits: maxDecimals }).format(n);

/** A percent given as 0–100 ("20 %" in French, "19 %" in Romanian, "13%" in Chinese). */
export const percentIn = (lang: Locale, pct: number) =>
  new Intl.NumberFormat(INTL_TAGS[lang], { style: 'percent', maximumFractionDigits: 2 }).format(pct / 100);
