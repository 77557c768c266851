// zod/mini, with named imports: the classic API's method chains tie every schema type to every
// other, so a bundle carried all of zod (~95 kB minified per Lambda, and in the console); mini is
// tree-shaken to what the schemas use (~27 kB). Its English messages are one locale, loaded here once
// for every schema (the console and the Lambdas both import this module).
import {
  boolean,
  config,
  int as integer,
  literal,
  maxLength,
  maximum,
  minLength,
  minimum,
  nullable,
  number,
  optional,
  overwrite,
  pipe,
  positive,
  refine,
  regex,
  string,
  transform,
  union,
  type ZodMiniType,
} from 'zod/mini';
import { en } from 'zod/locales';
import { isCalendarDay } from './calendar';
import { because, reasonText, type ErrorReason } from './error-reasons';
import { normaliseText } from './normalise-text';
import { EMAIL_PATTERN, isEmailAddress, isPhoneNumber, PHONE_PATTERN, URL_PATTERN } from './text-patterns';

/**
 * Field builders shared by every input schema. The legacy client posts
 * application/x-www-form-urlencoded, where every value arrives as a string, so numbers and booleans
 * accept their string spelling too ("5", "true"); JSON callers send real numbers and booleans.
 */
config(en());

const numberish = (v: unknown) => (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v.trim()) ? Number(v) : v);
const boolish = (v: unknown) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v);

/**
 * A check with a reason (shared/error-reasons.ts): the issue carries `{ reason, ...params }` so the
 * API's error and the console's form name it in the user's language; its message is the English text,
 * written when an issue is raised (zod turns a `message` into this same function): schemas are built
 * at import, and formatting a number param there started ICU in every Lambda's cold init.
 */
export const rule = <T>(
  ok: (v: T) => boolean,
  reason: ErrorReason,
  params: Record<string, string | number> = {},
  path?: PropertyKey[],
) =>
  refine<T>(ok, {
    error: () => reasonText(reason, params),
    params: because(reason, params),
    ...(path ? { path } : {}),
  });

/**
 * A pattern check with a reason (a reason without params): a real regex check, so the fuzz suite's
 * generator (test/support/zod-arbitrary.ts) can produce matching values; shared/issue-codes.ts finds
 * the reason again by its English text.
 */
export const matches = (pattern: RegExp, reason: ErrorReason) => regex(pattern, reasonText(reason));

/** Classic zod's preprocess: `fn` runs on the raw input, then `schema` validates its result. */
export const preprocess = <S extends ZodMiniType>(fn: (v: unknown) => unknown, schema: S) =>
  pipe(transform(fn), schema);

export const int = () => preprocess(numberish, integer().check(minimum(-2147483648), maximum(2147483647)));
export const id = () => preprocess(numberish, integer().check(positive(), maximum(2147483647)));
/** Any finite number (zod 4 numbers refuse Infinity and NaN). */
export const decimal = () => preprocess(numberish, number());
export const bool = () => preprocess(boolish, boolean());
/**
 * User-entered text: cleaned by the one normalisation (shared/normalise-text.ts: NFC, no control or
 * bidi-override characters, trimmed of Unicode and zero-width white space) BEFORE the length and
 * "is required" checks, so a value of zero-width spaces is empty and the limits count what is stored.
 * `text` is one line (line breaks and tabs become spaces); `multilineText` keeps \n and \t.
 */
export const text = (max: number) =>
  string().check(
    overwrite((s) => normaliseText(s)),
    maxLength(max, `must be at most ${max} characters`),
  );
export const requiredText = (max: number) => text(max).check(minLength(1, 'is required'));
export const multilineText = (max: number) =>
  string().check(
    overwrite((s) => normaliseText(s, { multiline: true })),
    maxLength(max, `must be at most ${max} characters`),
  );
export const requiredMultilineText = (max: number) => multilineText(max).check(minLength(1, 'is required'));

// The pattern as a real regex check (the fuzz generator matches it), then the rest of the shared rule (lengths, digit count).
export const email = () =>
  text(254).check(
    matches(EMAIL_PATTERN, 'EMAIL'),
    rule((s: string) => !EMAIL_PATTERN.test(s) || isEmailAddress(s), 'EMAIL'),
  );
export const phone = () =>
  text(30).check(
    matches(PHONE_PATTERN, 'PHONE'),
    rule((s: string) => !PHONE_PATTERN.test(s) || isPhoneNumber(s), 'PHONE'),
  );
export const url = () => text(500).check(matches(URL_PATTERN, 'URL'));

/** ISO calendar date (YYYY-MM-DD) that the calendar has (not 2026-02-30). */
export const isoDate = () =>
  string().check(matches(/^\d{4}-\d{2}-\d{2}$/, 'DATE_FORMAT'), rule(isCalendarDay, 'DATE_NOT_REAL'));

/** A date filter: YYYY-MM-DD, or empty/absent for none (the legacy client posts ''). */
export const optionalDate = () => nullable(optional(union([literal(''), isoDate()])));

/**
 * Does `n` have at most `decimals` decimals, judged on its decimal spelling (String(n) is exact for
 * any number JSON carried)? Not with float arithmetic: `Math.round(n * 100) === …` passes 1e-200,
 * which then reaches DynamoDB ("Number underflow", a 500) or the money module (found by the fuzz suite).
 */
export const hasAtMostDecimals = (n: number, decimals: number) =>
  new RegExp(`^-?\\d+(\\.\\d{1,${decimals}})?$`).test(String(n));

/** Percent with at most 2 decimals, 0–100. */
export const percent = () =>
  decimal().check(
    rule((n: number) => n >= 0 && n <= 100, 'BETWEEN', { low: 0, limit: 100 }),
    rule((n: number) => hasAtMostDecimals(n, 2), 'DECIMALS', { places: 2 }),
  );

/** Opaque pagination token returned by list calls. */
export const nextToken = () => nullable(optional(string().check(maxLength(2048))));
export const pageSize = () => optional(preprocess(numberish, integer().check(minimum(1), maximum(500))));
