/**
 * Why a value is refused, listed ONCE: the `reason` param of the codes that carry a `detail`
 * (FIELD_INVALID, FORMULA_INVALID, COLUMN_FORMULA_BROKEN, CSV_LINE_INVALID). `detail` stays the
 * English sentence (for logs and the English ErrorMessage); the console translates the reason
 * (`apiErrors.reasons.<REASON>` in web/src/locales/apiErrors.*.json) with its params, so no English
 * explanation appears inside a Hebrew message. Shared with the console: no server imports.
 *
 * Each entry is the English text with `{{param}}` placeholders; its params travel flat in
 * ErrorParams beside the code's own (so their names must not clash with a code's params).
 */
export const ERROR_REASONS = {
  // --- Values (the schemas' checks) --------------------------------------------------------------
  /** A value of the wrong kind (`expected`: number, string, boolean, object, array…). */
  WRONG_TYPE: 'must be a {{expected}}',
  /** Not one of a closed list (`values`, joined with ", "). */
  NOT_ONE_OF: 'must be one of {{values}}',
  INVALID: 'is not valid',
  DATE_FORMAT: 'must be a date as YYYY-MM-DD',
  DATE_NOT_REAL: 'is not a real date',
  DATE_NOT_BEFORE: 'must be on or after {{other}}',
  MONTH_FORMAT: 'months must be written YYYY-MM',
  TOO_MANY_MONTHS: 'may name at most {{limit}} months',
  EMAIL: 'must be an email address like name@example.com',
  PHONE:
    'must be a phone number: 4 to 15 digits, with spaces, hyphens, dots or parentheses between them and a leading + if international',
  URL: 'must start with http:// or https://',
  JWT: 'must be a JWT',
  TIME_ZONE: 'must be a time zone such as Asia/Jerusalem or Europe/London',
  HIDDEN_CHARACTERS: 'may not hold control, bidi-override or unpaired surrogate characters',
  CURRENCY_CODE: 'must be a 3-letter upper-case currency code like USD',
  /** A vendor's tax or VAT registration number. */
  TAX_ID: 'may hold only letters and digits (at most 20)',
  SAME_CURRENCY: 'must differ from {{other}}',
  NOT_NEGATIVE: 'must be 0 or more',
  POSITIVE: 'must be greater than 0',
  POSITIVE_NUMBER: 'must be a positive number',
  AT_MOST: 'must be at most {{limit}}',
  BETWEEN: 'must be between {{low}} and {{limit}}',
  DECIMALS: 'may have at most {{places}} decimals',
  WHOLE_BETWEEN: 'must be a whole number from {{low}} to {{limit}}',
  /** A unit cost under the smallest one whose planned KPIs stay within the line limit. */
  UNIT_COST_TOO_SMALL: 'must be 0 or at least {{low}} (a smaller price plans more than the most a line may plan)',
  PLAN_RATE_BOUNDS: 'must be between {{low}} and {{limit}} between plan currencies ({{currencies}})',
  ACTIVITY_STATUS: 'must be an activity status from 1 (Draft) to 5 (Cancelled)',
  ACTIVITY_STATUS_OR_ANY: 'must be -1 (any) or an activity status from 1 (Draft) to 5 (Cancelled)',
  NOT_JSON: 'is not valid JSON',
  ACCOUNT_ID_HEADER: 'must be a positive account id',
  /** MarkNotificationsRead names neither notifications nor all of them. */
  IDS_OR_ALL: 'must name the notifications to mark read, or all must be true',
  /** GetMediaMixInfo names neither a version nor an activity, or both. */
  VERSION_OR_ACTIVITY: 'must name either a version (mediaMixId) or an activity (activityId), not both',

  // --- Users CSV (UsersService.InviteUsersCsv) -------------------------------------------------
  REQUIRED: 'is required',
  ACCOUNT_LIST: 'must be all, or main-account ids separated by spaces or ;',

  // --- Formulas (shared/formula.ts): `position` is 0-based ------------------------------------
  FORMULA_NOT_TEXT: 'Formula must be text at position {{position}}',
  FORMULA_TOO_LONG: 'Formula is longer than {{limit}} characters at position {{position}}',
  FORMULA_MALFORMED_NUMBER: "Malformed number '{{token}}' at position {{position}}",
  FORMULA_NUMBER_TOO_LARGE: 'Number too large at position {{position}}',
  FORMULA_UNEXPECTED_CHARACTER: "Unexpected character '{{token}}' at position {{position}}",
  FORMULA_UNEXPECTED: "Unexpected '{{token}}' at position {{position}}",
  FORMULA_TOO_DEEP: 'Formula is nested too deeply (more than {{limit}} levels) at position {{position}}',
  FORMULA_UNKNOWN_NAME: "Unknown name '{{token}}' at position {{position}}",
  FORMULA_UNCLOSED: "Missing ')' opened at position {{position}}",
  FORMULA_OPERAND_EXPECTED: "Expected a number, a name or '(' at position {{position}}",
  /** An AI analysis prompt's `{{name}}` that is not one of shared/analysis-placeholders.ts (SaveGroupPropmts). */
  UNKNOWN_PLACEHOLDER: "Unknown placeholder '{{name}}'",

  // --- Exchange-rate CSV rows (`line` is the code's) -------------------------------------------
  CSV_VALUE_COUNT: 'expected {{expected}} values ({{columns}}), found {{found}}',
  CSV_REPEATED_ROW: 'repeats line {{first}} ({{other}})',

  // --- Daily-grain CSV upload (connectors/csv-daily-grain.ts) ----------------------------------
  TEXT_TOO_LONG: 'may be at most {{limit}} characters long',
  CSV_QUOTES: 'has a quoted value that is not closed, or text after its closing quote',
  CSV_LINE_TOO_LONG: 'is longer than {{limit}} characters',
  /** The import's checks beyond the parser (modules/connectors/csv-imports.ts): an ad account no account connector of the connection links. */
  ACCOUNT_NOT_LINKED: 'names the ad account {{account}}, which no account connector of this connection links',
  EXTERNAL_ID_FORMAT: 'may hold only letters, digits and _ . : - (at most 64 characters)',

  // --- The plan's Excel import (modules/media-plans/import.ts): IMPORT_REFUSED's reasons --------------
  OTHER_PLAN: 'was exported from another plan; import it into the plan it came from',
  VERSION_MISMATCH:
    "was exported from version {{fileVersion}}, but the plan's latest version is {{latestVersion}}; export the latest version and change that",
  BAD_FILE: 'is not a media plan workbook exported from Mixdesk, or it is damaged',
  BAD_CELL: 'has a cell that cannot be imported: sheet {{sheet}}, row {{row}}, column {{column}}',
  TOKEN_MISMATCH: 'is not the file that was previewed, or the plan changed since the preview; preview it again',
  TOO_MANY_ROWS: 'has more than {{max}} rows on sheet {{sheet}}',
  /** A cell's own reasons (IMPORT_REFUSED's `cellReason`; the schema's reasons too). */
  FORMULA_NO_VALUE:
    'is a formula without a calculated value; save the file in a spreadsheet program, or type the value',
  CELL_ERROR: 'holds an error value ({{value}})',
  LINE_ID_UNKNOWN:
    'names line {{lineId}}, which is not in the version the file was exported from; leave it empty for a new line',
  LINE_ID_REPEATED: 'repeats the line id of row {{firstRow}}',
  CHANNEL_UNKNOWN: 'is not an active channel type of the account ({{name}})',
  OUTSIDE_ACTIVITY: "must lie within the activity's dates, {{activityStart}} to {{activityEnd}}",
  FIGURE_OUT_OF_RANGE: "makes one of the line's figures larger than a line may hold",
  AT_LEAST: 'must be at least {{limit}}',
  BASE64: 'must be a file in base64',

  // --- Scheduled reports (modules/reports/schedules.ts) -----------------------------------------
  /** An address that is no user of the company, on a report not limited to one account. */
  RECIPIENT_NOT_ALLOWED:
    'must be the e-mail of a user of the company; other addresses only receive a report limited to one account',
  /** A user of the company who may not open every account the report covers (or is disabled). */
  RECIPIENT_NO_ACCESS: '{{address}} may not open every account this report covers',
} as const;

export type ErrorReason = keyof typeof ERROR_REASONS;

/** A reason with its params, as they travel in ErrorParams. */
export type ReasonParams = { reason: ErrorReason } & Record<string, string | number>;

/** The English text of a reason, its params filled in (the `detail` and ErrorMessage). */
export function reasonText(reason: ErrorReason, params: Record<string, string | number> = {}): string {
  return ERROR_REASONS[reason].replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const v = params[name];
    return typeof v === 'number' ? v.toLocaleString('en-US', { maximumFractionDigits: 20 }) : String(v ?? '');
  });
}

/** `{ reason, ...params }`: what a check puts in its issue and a thrower in ErrorParams. */
export function because(reason: ErrorReason, params: Record<string, string | number> = {}): ReasonParams {
  return { ...params, reason };
}

export const isErrorReason = (v: unknown): v is ErrorReason => typeof v === 'string' && Object.hasOwn(ERROR_REASONS, v);
