// Named imports, not the `z` namespace (see fields.ts).
import { literal, maxLength, nullable, object, optional, string, trim, union, type output } from 'zod/mini';
import { reasonText } from '../../shared/error-reasons';
import {
  decimal,
  int,
  isoDate,
  matches,
  multilineText,
  nextToken,
  optionalDate,
  pageSize,
  rule,
} from '../../shared/schema-fields';
import { isPlanPair, MAX_PLAN_RATE, MAX_RATE, MIN_PLAN_RATE, PLAN_CURRENCIES } from '../../shared/money-limits';
import { hasAtMostDecimals } from '../../shared/money-fields';

export const CURRENCY_CODE = /^[A-Z]{3}$/;
export const CURRENCY_CODE_MESSAGE = reasonText('CURRENCY_CODE');
/** Rates carry at most 6 decimals (the money module computes in millionths). */
export const RATE_DECIMALS = 6;
/** Largest rate of any pair (shared/money-limits.ts); a pair of plan currencies takes MIN/MAX_PLAN_RATE. */
export { MAX_RATE };

/** Whether a rate is one a plan may convert with: any rate of other pairs, MIN_PLAN_RATE..MAX_PLAN_RATE between plan currencies. */
export const planRateInBounds = (from: string, to: string, rate: number) =>
  !isPlanPair(from, to) || (rate >= MIN_PLAN_RATE && rate <= MAX_PLAN_RATE);

export const currencyCode = () =>
  string().check(trim(), maxLength(3, CURRENCY_CODE_MESSAGE), matches(CURRENCY_CODE, 'CURRENCY_CODE'));

/** 1 From = Rate To: > 0, at most 6 decimals. */
export const rate = () =>
  decimal().check(
    rule((n: number) => n > 0, 'POSITIVE_NUMBER'),
    rule((n: number) => n <= MAX_RATE, 'AT_MOST', { limit: MAX_RATE }),
    rule((n: number) => hasAtMostDecimals(n, RATE_DECIMALS), 'DECIMALS', { places: RATE_DECIMALS }),
  );

export const exchangeRateInput = object({
  Date: isoDate(),
  From: currencyCode(),
  To: currencyCode(),
  Rate: rate(),
  /** The version read when replacing an existing rate; absent (or 0) to add a new one. */
  version: optional(int()),
})
  .check(rule((r: { From: string; To: string }) => r.From !== r.To, 'SAME_CURRENCY', { other: 'From' }, ['To']))
  // Plans convert with these: bounded so no accepted plan's conversion overflows (docs/money-limits.md).
  .check(
    rule(
      (r: { From: string; To: string; Rate: number }) => planRateInBounds(r.From, r.To, r.Rate),
      'PLAN_RATE_BOUNDS',
      { low: MIN_PLAN_RATE, limit: MAX_PLAN_RATE, currencies: PLAN_CURRENCIES.join(', ') },
      ['Rate'],
    ),
  );

export const saveExchangeRate = object({ exchangeRate: exchangeRateInput });

export const exchangeRateKeyInput = object({
  Date: isoDate(),
  From: currencyCode(),
  To: currencyCode(),
});

const optionalCode = () => nullable(optional(union([literal(''), currencyCode()])));

export const getExchangeRatesList = object({
  from: optionalCode(),
  to: optionalCode(),
  fromDate: optionalDate(),
  toDate: optionalDate(),
  pageSize: pageSize(),
  nextToken: nextToken(),
});

/** The request's body limit is 256 kB (kit/body.ts); the import itself checks its 200 kB and 5,000 rows (413). */
export const MAX_CSV_CHARS = 256 * 1024;
export const importExchangeRates = object({
  // Cleaned like any multi-line text (a spreadsheet's BOM, CRLF and stray controls go) before parsing.
  csv: multilineText(MAX_CSV_CHARS),
});

export const getExchangeRate = object({
  date: isoDate(),
  from: currencyCode(),
  to: currencyCode(),
});

export type ExchangeRateInput = output<typeof exchangeRateInput>;
