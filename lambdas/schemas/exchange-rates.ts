// Named imports, not the `z` namespace (see fields.ts).
import { literal, maxLength, nullable, object, optional, refine, regex, string, trim, union, type output } from 'zod/mini';
import { decimal, int, isoDate, multilineText, nextToken, optionalDate, pageSize } from './fields';
import { isPlanPair, MAX_PLAN_RATE, MAX_RATE, MIN_PLAN_RATE, PLAN_CURRENCIES } from '../shared/money-limits';
import { hasAtMostDecimals } from './money-fields';

export const CURRENCY_CODE = /^[A-Z]{3}$/;
export const CURRENCY_CODE_MESSAGE = 'must be a 3-letter upper-case currency code like USD';
/** Rates carry at most 6 decimals (the money module computes in millionths). */
export const RATE_DECIMALS = 6;
/** Largest rate of any pair (shared/money-limits.ts); a pair of plan currencies takes MIN/MAX_PLAN_RATE. */
export { MAX_RATE };

/** Whether a rate is one a plan may convert with: any rate of other pairs, MIN_PLAN_RATE..MAX_PLAN_RATE between plan currencies. */
export const planRateInBounds = (from: string, to: string, rate: number) => !isPlanPair(from, to) || (rate >= MIN_PLAN_RATE && rate <= MAX_PLAN_RATE);

export const currencyCode = () => string().check(trim(), maxLength(3, CURRENCY_CODE_MESSAGE), regex(CURRENCY_CODE, CURRENCY_CODE_MESSAGE));

/** 1 From = Rate To: > 0, at most 6 decimals. */
export const rate = () =>
  decimal().check(
    refine((n) => n > 0, 'must be a positive number'),
    refine((n) => n <= MAX_RATE, `must be at most ${MAX_RATE.toLocaleString('en-US')}`),
    refine((n) => hasAtMostDecimals(n, RATE_DECIMALS), `may have at most ${RATE_DECIMALS} decimals`),
  );

export const exchangeRateInput = object({
  Date: isoDate(),
  From: currencyCode(),
  To: currencyCode(),
  Rate: rate(),
  /** The version read when replacing an existing rate; absent (or 0) to add a new one. */
  version: optional(int()),
}).check(refine((r) => r.From !== r.To, { message: 'must differ from From', path: ['To'] }))
  // Plans convert with these: bounded so no accepted plan's conversion overflows (docs/money-limits.md).
  .check(refine((r) => planRateInBounds(r.From, r.To, r.Rate), {
    message: `must be between ${MIN_PLAN_RATE} and ${MAX_PLAN_RATE} between plan currencies (${PLAN_CURRENCIES.join(', ')})`, path: ['Rate'],
  }));

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
