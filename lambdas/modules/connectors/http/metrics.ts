import { number, pipe, refine, regex, string, transform, union } from 'zod/mini';

/**
 * The platforms' numbers as bounded, finite numbers (platform.ts): Meta sends every number as a
 * string, TikTok mixes strings and numbers. Anything else — a negative count, "1e400", "NaN", a
 * number past the bound — fails the row's schema, and the client throws PlatformError('malformed')
 * instead of storing it.
 */

/** The largest metric a row may carry: far above any real day of one campaign, far below float trouble (2^53 ≈ 9e15). */
export const MAX_METRIC = 1e12;

const DECIMAL_TEXT = /^\d{1,13}(\.\d{1,12})?$/;

const bounded = (v: number) => Number.isFinite(v) && v >= 0 && v <= MAX_METRIC;

/** A non-negative metric, as a decimal string or a JSON number, within MAX_METRIC. */
export const metric = () =>
  pipe(
    union([string().check(regex(DECIMAL_TEXT)), number()]),
    transform((v: string | number) => Number(v)),
  ).check(refine(bounded, 'must be a number from 0 to 1e12'));

/** A whole-number metric (impressions, clicks, views): a fractional count is malformed. */
export const count = () => metric().check(refine((v: number) => Number.isInteger(v), 'must be a whole number'));

/** Where a row's schema failed, without the value (a value may be anything the platform sent). */
export function issuePaths(issues: readonly { path: readonly PropertyKey[]; message: string }[]): string {
  return issues
    .slice(0, 3)
    .map((i) => `${i.path.map(String).join('.') || 'row'}: ${i.message}`)
    .join('; ');
}
