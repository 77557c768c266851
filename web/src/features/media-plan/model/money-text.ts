import { CURRENCY_CODES as CURRENCY_ISO, formatCurrency, numberFormat } from '../../../lib/format';

/**
 * The plan's amounts as text, in a module of their own: the plan's first frame (first-frame.ts)
 * writes a line's amounts as the grid does, without the money module the grid computes them with.
 */

/** Plain numbers with `decimals` (up to `maxDecimals`), or the account's currency, through lib/format's cached formatters. */
export function formatter(
  locale: string,
  currency: number | null,
  decimals: number,
  maxDecimals = decimals,
): Intl.NumberFormat {
  const code = currency === null ? undefined : CURRENCY_ISO[currency];
  return numberFormat(
    locale,
    code
      ? { style: 'currency', currency: code, minimumFractionDigits: 2, maximumFractionDigits: 2 }
      : { minimumFractionDigits: decimals, maximumFractionDigits: maxDecimals },
  );
}

/** An amount of the account's currency (a decimal of at most 2 places) as the locale writes it: ₪18,654.03. */
export function decimalMoney(amount: number, currency: number, locale: string): string {
  if (!CURRENCY_ISO[currency]) return formatCurrency(amount, currency, locale);
  return formatter(locale, currency, 2).format(amount);
}
