// Named imports, not the `z` namespace (see fields.ts).
import { enum as oneOf, literal, maxLength, minLength, object, optional, string, union, type output } from 'zod/mini';
import { MAX_CREATIVE_FEE, MAX_SETUP_FEE } from '../../shared/money-limits';
import { amount, hasAtMostDecimals } from '../../shared/money-fields';
import { bool, decimal, int, matches, percent, preprocess, rule, text } from '../../shared/schema-fields';
import { MAX_LOGO_UPLOAD_BASE64 } from '../../shared/company-logo';
import { isTimeZone } from '../../shared/calendar';
import { LOCALES } from '../../shared/locales';
import { BACKFILL_DAYS, RESTATEMENT_DAYS, SYNC_HOUR, type SyncBound } from '../../shared/sync-limits';

// Fee limits live in shared/money-limits.ts (chosen together with budgets and rates: docs/money-limits.md).
// VatPct is a percent(), 0..100 = MAX_VAT_PCT.
/** Largest upload limit a company can set: 1 GiB. */
export const MAX_UPLOAD_BYTES = 1024 ** 3;
/** A vendor bill's tolerance (percent of the expected amount) above 50 % would check nothing. */
export const MAX_BILL_TOLERANCE_PCT = 50;
/** Days after a month a bill is awaited before it counts as missing: at most half a year. */
export const MAX_MISSING_BILL_DAYS = 180;
/** Pacing thresholds are percents of planned spend; above 1000 % is surely a typo. */
export const MAX_PACING_PCT = 1000;

const bytes = () =>
  int().check(
    rule((n: number) => n > 0 && n <= MAX_UPLOAD_BYTES, 'WHOLE_BETWEEN', { low: 1, limit: MAX_UPLOAD_BYTES }),
  );
const pacing = () =>
  decimal().check(
    rule((n: number) => n >= 0 && n <= MAX_PACING_PCT, 'BETWEEN', { low: 0, limit: MAX_PACING_PCT }),
    rule((n: number) => hasAtMostDecimals(n, 2), 'DECIMALS', { places: 2 }),
  );
/** A whole number within a sync setting's bounds (shared/sync-limits.ts). */
const within = (b: SyncBound) =>
  int().check(rule((n: number) => n >= b.min && n <= b.max, 'WHOLE_BETWEEN', { low: b.min, limit: b.max }));

/**
 * SaveConfigurations: every setting is optional — one left out keeps its saved (or default) value —
 * except `version`, the version read (0 while nothing was ever saved).
 */
export const configurationsInput = object({
  VatPct: optional(percent()),
  ImageSubmitFee: optional(amount(MAX_CREATIVE_FEE)),
  VideoSubmitFee: optional(amount(MAX_CREATIVE_FEE)),
  SetupFee: optional(amount(MAX_SETUP_FEE)),
  MaxImageBytes: optional(bytes()),
  MaxVideoBytes: optional(bytes()),
  PacingLow: optional(pacing()),
  PacingHigh: optional(pacing()),
  DefaultLocale: optional(oneOf(LOCALES, { message: `must be one of ${LOCALES.join(', ')}` })),
  DefaultCurrency: optional(
    preprocess(
      (v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v),
      union([literal(1), literal(2)], { message: 'must be 1 (USD) or 2 (ILS)' }),
    ),
  ),
  RequireMfa: optional(bool()),
  /** Four eyes on plans: who submitted a version cannot approve it (modules/media-plans/lifecycle.ts). */
  ApproverMustDifferFromSubmitter: optional(bool()),
  /** IANA time zone of the company's day, e.g. Asia/Jerusalem (shared/calendar.ts). */
  TimeZone: optional(text(64).check(rule(isTimeZone, 'TIME_ZONE'))),
  /** The hour of the company's day the daily sync starts (connectors/sync: the hourly dispatcher). */
  SyncHour: optional(within(SYNC_HOUR)),
  /** The days each daily sync re-reads, today included (platforms restate them). */
  RestatementDays: optional(within(RESTATEMENT_DAYS)),
  /** How far back a new connection's first sync reads, within what its platform keeps. */
  BackfillDays: optional(within(BACKFILL_DAYS)),
  /** How far a vendor's bill may differ from the expected amount and still match (modules/vendor-bills). */
  BillTolerancePct: optional(
    decimal().check(
      rule((n: number) => n >= 0 && n <= MAX_BILL_TOLERANCE_PCT, 'BETWEEN', { low: 0, limit: MAX_BILL_TOLERANCE_PCT }),
      rule((n: number) => hasAtMostDecimals(n, 2), 'DECIMALS', { places: 2 }),
    ),
  ),
  /** Days after a delivered month before its missing vendor bill is listed. */
  MissingBillDays: optional(
    int().check(
      rule((n: number) => n >= 0 && n <= MAX_MISSING_BILL_DAYS, 'WHOLE_BETWEEN', {
        low: 0,
        limit: MAX_MISSING_BILL_DAYS,
      }),
    ),
  ),
  version: int().check(rule((n: number) => n >= 0, 'NOT_NEGATIVE')),
});

export const saveConfigurations = object({ configurations: configurationsInput });

export const getConfigurations = object({});

export type ConfigurationsInput = output<typeof configurationsInput>;

/**
 * SaveCompanyLogo: the image file as base64. Its content and size (a PNG or JPEG of at most 200 KB)
 * are the rules' to check (modules/configurations/logo.ts); the text may hold up to 1 MiB of file, so
 * a larger image is refused naming its size rather than as long text.
 */
export const saveCompanyLogo = object({
  Logo: string().check(
    minLength(1, 'is required'),
    maxLength(MAX_LOGO_UPLOAD_BASE64, `must be at most ${MAX_LOGO_UPLOAD_BASE64} characters`),
    matches(/^[A-Za-z0-9+/]*={0,2}$/, 'BASE64'),
  ),
});

export const companyLogoInput = object({});

export type SaveCompanyLogoInput = output<typeof saveCompanyLogo>;
