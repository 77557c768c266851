/**
 * Every error code the API answers, listed ONCE: each error reply carries
 * `ErrorCode` and `ErrorParams` beside its English `ErrorMessage` (docs/domain.md). The console shows
 * the message of the code in the user's language (`apiErrors.<CODE>` in web/src/locales/apiErrors.*.json,
 * with each param as `{{param}}`) and reacts to the code, never to the HTTP status or the English text.
 *
 * A code states its HTTP status and the names of its params; the typed errors of lambdas/core/errors.ts
 * accept only the codes of their own status, with exactly these params. Shared with the console: no
 * server imports. Adding a code: docs/CONVENTIONS.md "Errors".
 */

const p = <const S extends number, const N extends readonly string[]>(status: S, ...params: N) => ({ status, params });

export const ERROR_CODES = {
  // --- Generic: the kit, the schemas, any entity -------------------------------------------------
  /** A required field (or header) is missing. */
  FIELD_REQUIRED: p(400, 'field'),
  /** A field's value is refused; `reason` says why (shared/error-reasons.ts, with its params), `detail` in English. */
  FIELD_INVALID: p(400, 'field', 'detail', 'reason'),
  /** A text longer than its maximum. */
  FIELD_TOO_LONG: p(400, 'field', 'max'),
  /** A number below its minimum. */
  FIELD_TOO_SMALL: p(400, 'field', 'min'),
  /** A number above its maximum. */
  FIELD_TOO_LARGE: p(400, 'field', 'max'),
  /** A field the route does not take. */
  FIELD_UNKNOWN: p(400, 'field'),
  /** The body is not JSON, or not an object. */
  BODY_INVALID: p(400),
  /** The later date of a range comes before the earlier one. */
  DATE_RANGE_INVALID: p(400, 'field', 'start'),
  /** A page token that this list did not make. */
  PAGE_TOKEN_INVALID: p(400, 'field'),
  /** A money figure (or a figure computed from it) beyond what the money module can hold exactly. */
  MONEY_OUT_OF_RANGE: p(400, 'field', 'limit'),
  /** A field that an update cannot change (an entity never moves to another parent). */
  FIELD_CANNOT_CHANGE: p(400, 'field'),
  NOT_SIGNED_IN: p(401),
  /** An ID token (or another token) where the API takes access tokens only. */
  TOKEN_NOT_ACCESS: p(401),
  /** The user pool refused the token. */
  TOKEN_REJECTED: p(401),
  /** Signed in to the user pool, but no Mixdesk user. */
  USER_NO_PROFILE: p(401),
  USER_DISABLED: p(401),
  /** `permission` names what is missing (Permission names joined with ", ", or "SystemAdmin"). */
  PERMISSION_MISSING: p(403, 'permission'),
  /** The route changes data and client users only read. */
  CLIENT_READ_ONLY: p(403),
  ACCOUNT_NO_ACCESS: p(403, 'accountId'),
  /** An item of another account than the page's (x-account-id). */
  NOT_IN_ACCOUNT: p(403, 'entity', 'id', 'accountId'),
  /** A field naming another account than the page's. */
  NOT_PAGE_ACCOUNT: p(403, 'field'),
  /** The company requires two-factor sign-in and this session did not use it. */
  MFA_REQUIRED: p(403),
  NOT_FOUND: p(404, 'entity', 'id'),
  /** Saved by someone else since it was read: a reload fixes it. */
  STALE_VERSION: p(409),
  /** Another save of the same records is in flight: trying again fixes it. */
  BUSY: p(409),
  /** An archived template, custom column… (accounts: ACCOUNT_ARCHIVED). */
  ENTITY_ARCHIVED: p(409, 'entity', 'id'),
  /** An id already taken (a counter collision: trying again takes the next id). */
  ALREADY_EXISTS: p(409, 'entity', 'id'),
  /** Another active item of the same kind has this name. */
  NAME_TAKEN: p(409, 'entity', 'name'),
  /** DeleteCompany: the platform (0) and the caller's own company are never deleted through the API. */
  COMPANY_NOT_DELETABLE: p(409, 'companyId'),
  /** DeleteCompany: the name typed to confirm is not the company's name, exactly. */
  COMPANY_NAME_MISMATCH: p(409, 'companyId'),
  /** StartCompanyExport: an export of the company is running already. */
  COMPANY_EXPORT_RUNNING: p(409),
  PAYLOAD_TOO_LARGE: p(413, 'maxKb'),
  INTERNAL: p(500),

  // --- Sign-in and configuration -------------------------------------------------------------
  /** LogInByAws: the JWT or the e-mail sent is not the signed-in user's. */
  SIGN_IN_MISMATCH: p(403, 'field'),
  /** Turning RequireMfa on without TOTP on one's own profile would lock the admin out. */
  MFA_SELF_LOCKOUT: p(409),
  /** Under RequireMfa, without TOTP, a configuration save may only turn the requirement off. */
  MFA_ONLY_TURN_OFF: p(403),
  /** PacingHigh must be greater than PacingLow. */
  PACING_ORDER: p(400, 'low', 'high'),

  // --- Accounts --------------------------------------------------------------------------------
  /** `account` is the account's name, or its id when the name is not at hand. */
  ACCOUNT_ARCHIVED: p(409, 'account'),
  /** A sub-account is restored before its main account. */
  MAIN_ACCOUNT_ARCHIVED: p(409, 'accountId'),
  ACCOUNT_HAS_ACTIVE_SUBACCOUNTS: p(409, 'accountId'),
  ACCOUNT_NAME_TAKEN: p(409, 'name'),
  /** A sub-account where a main account is needed (mainAccountId, ParentId, activity.AccountId). */
  ACCOUNT_IS_SUBACCOUNT: p(400, 'field', 'accountId'),
  /** SubAccountId is not a sub-account of the main account. */
  NOT_A_SUBACCOUNT: p(400, 'field', 'accountId', 'mainId'),
  /** Main accounts are created by users with access to all accounts. */
  MAIN_ACCOUNT_NEEDS_ALL_ACCESS: p(403),
  /** A scheduled report is changed by its owner (its creator) or an Admin. */
  SCHEDULE_NOT_OWNER: p(403, 'owner'),
  /** A company-wide scheduled report is saved by a user who may see every account. */
  SCHEDULE_SCOPE_NO_ACCESS: p(403),
  /** UpdateAccount with ID 0 / unknown where an existing account is needed. */
  ACCOUNT_ID_REQUIRED: p(400, 'field'),
  VAT_SUBACCOUNT_LIMIT: p(400, 'count', 'max'),
  /** A main account's currency cannot change under media plans (`activities` names them). */
  CURRENCY_CHANGE_WITH_PLANS: p(409, 'count', 'activities'),

  // --- Activities --------------------------------------------------------------------------------
  ACTIVITY_DELETED: p(409, 'activityId'),
  /** Activity status numbers (shared/activity-status.ts). */
  ACTIVITY_STATUS_MOVE: p(409, 'fromStatus', 'toStatus'),
  /** New activity dates would leave lines of the open plan version outside them. */
  ACTIVITY_DATES_STRAND_LINES: p(409, 'start', 'end', 'count', 'version', 'lines'),

  // --- Vendors ----------------------------------------------------------------------------------
  /** Another vendor of the company (`vendor`, its name; archived ones included) is the vendor of `platform` (its name) already. */
  PLATFORM_VENDOR_TAKEN: p(409, 'platform', 'vendor'),

  // --- Vendor bills -----------------------------------------------------------------------------
  /** A bill's service month (`period`) that is not one of its order's (`orderId`) months (`months`, joined with ", "). */
  PERIOD_OUTSIDE_ORDER: p(400, 'period', 'orderId', 'months'),
  /** Another bill of the same vendor (`vendor`, its name) carries this reference (`vendorRef`) already. */
  DUPLICATE_VENDOR_REF: p(409, 'vendorRef', 'vendor'),
  /** A bill in another currency (`currency`, its code) than its order's (`orderCurrency`). */
  CURRENCY_MISMATCH: p(400, 'currency', 'orderCurrency'),
  /** A bill's gross (`gross`) that is not its net plus VAT (`expected`). */
  GROSS_NOT_NET_PLUS_VAT: p(400, 'gross', 'expected'),
  /** A change to an approved bill (`billId`): what is approved for payment stays as approved. */
  BILL_APPROVED: p(409, 'billId'),
  /** Approval of a disputed bill (`billId`) that nobody overrode with a note. */
  BILL_DISPUTED: p(409, 'billId'),
  /** An override of a bill (`billId`) that is not disputed. */
  BILL_NOT_DISPUTED: p(409, 'billId'),
  /** A payment on a bill (`billId`) that is not approved yet. */
  BILL_NOT_APPROVED: p(409, 'billId'),
  /** Approval by the user who entered the bill (`who`): a second person approves. */
  SAME_PERSON: p(409, 'who'),
  /** Payments (`paid` so far, plus `amount`) that would exceed the bill's gross (`gross`). */
  PAYMENTS_EXCEED_GROSS: p(400, 'gross', 'paid', 'amount'),
  /** A bill's file whose content is not a PDF. */
  BILL_FILE_NOT_PDF: p(400),
  /** A bill's file (`size`) above the most a bill's file may weigh (`limit`). */
  BILL_FILE_TOO_LARGE: p(413, 'size', 'limit'),
  /** A bill's file key that names no uploaded file (or its upload expired). */
  BILL_FILE_NOT_UPLOADED: p(409),

  // --- Channel types, templates, custom columns ----------------------------------------------
  /** A channel type id that does not exist, or is not one of the account's. */
  CHANNEL_TYPE_UNKNOWN: p(400, 'field', 'id'),
  /** A retired channel type, or one inactive for the account. */
  CHANNEL_TYPE_INACTIVE: p(400, 'field', 'name'),
  /** A field of a bulk channel-type edit that cannot be edited there. */
  FIELD_NOT_EDITABLE: p(400, 'field', 'name', 'allowed'),
  /** Template line shares must add up to 100 %. */
  SHARES_NOT_100: p(400, 'field', 'total'),
  /** ApplyTemplate: the template names channel types the account lacks (or has inactive). */
  TEMPLATE_CHANNELS_INACTIVE: p(400, 'templateId', 'accountId', 'list'),
  /** A formula that does not parse; `reason` is the parser's (FORMULA_*, with `position` 0-based), `detail` in English. */
  FORMULA_INVALID: p(400, 'field', 'detail', 'reason'),
  /** An archived custom column whose formula no longer works with the metrics. */
  COLUMN_FORMULA_BROKEN: p(409, 'id', 'detail', 'reason'),

  // --- Media plans -----------------------------------------------------------------------------
  /** A Submitted version: it changes only after it is approved or rejected. */
  PLAN_SUBMITTED: p(409, 'version'),
  /** An Approved or Rejected version (`status` = its status name): a new version changes it. */
  PLAN_NOT_DRAFT: p(409, 'version', 'status'),
  /** `action` (submit, approve, reject, sign off, decline, copy) is not allowed from `status` (a status name). */
  PLAN_ACTION_NOT_ALLOWED: p(409, 'action', 'status'),
  /** A version cannot start while a Submitted one waits. */
  PLAN_SUBMITTED_OPEN: p(409, 'version'),
  /** One Draft at a time. */
  PLAN_DRAFT_OPEN: p(409, 'version'),
  /** CreateMediaMix on an activity that has a plan. */
  PLAN_EXISTS: p(409, 'activityId'),
  PLAN_NO_LINES: p(409, 'version'),
  /**
   * SubmitMediaMix of a version whose net media exceeds its activity's budget, without
   * confirmOverBudget: by how much, the budget and the currency (amounts decimal, as
   * 1234.50); the console asks and sends it again confirmed.
   */
  OVER_BUDGET_UNCONFIRMED: p(409, 'version', 'amount', 'budget', 'currency'),
  PLAN_LINE_LIMIT: p(409, 'version', 'max'),
  /** Lines of the version outside the activity's dates (Submit, Approve). */
  PLAN_LINES_OUTSIDE_ACTIVITY: p(409, 'version', 'count', 'start', 'end', 'lines'),
  /** A line's dates outside its activity's. */
  LINE_OUTSIDE_ACTIVITY: p(400, 'field', 'start', 'end', 'activityStart', 'activityEnd'),
  /** A line's planned KPI above the most a line may plan. */
  KPI_LIMIT: p(400, 'field', 'max'),
  /** Stored lines whose figures are out of range (named in `lines`). */
  PLAN_LINES_OUT_OF_RANGE: p(409, 'lines'),
  PLAN_TOTALS_OUT_OF_RANGE: p(409),
  /** The rate would take the converted totals out of range. */
  RATE_OVERFLOWS_TOTALS: p(409, 'from', 'to', 'rate', 'date'),
  /** Approval needs the day's rate: none from→to (or back) on or before `date`. */
  RATE_MISSING: p(409, 'from', 'to', 'date'),
  /** Four eyes: the submitter does not approve. */
  APPROVER_IS_SUBMITTER: p(403, 'version'),
  /** Agency staff approve; only client users sign off or decline. */
  CLIENT_ANSWER_ONLY: p(403),
  PLAN_ALREADY_SIGNED: p(409, 'version', 'by', 'date'),
  /** A newer approved version replaced the one answered. */
  PLAN_VERSION_REPLACED: p(409, 'version', 'latest'),

  // --- Creatives (files on plan lines) ---------------------------------------------------------
  /** A declared or uploaded file over the company's limit for its kind; `size` and `limit` in B–TB (shared/file-size.ts). */
  CREATIVE_TOO_LARGE: p(413, 'fileName', 'size', 'limit'),
  /** A declared content type the kind does not take; `allowed` lists those it does. */
  CREATIVE_TYPE_NOT_ALLOWED: p(400, 'fileName', 'contentType', 'allowed'),
  /** The uploaded file's content is no image or video Mixdesk takes (whatever its name says). */
  CREATIVE_CONTENT_UNKNOWN: p(400, 'fileName', 'declared'),
  /** The uploaded file's content is another type than the one declared. */
  CREATIVE_CONTENT_MISMATCH: p(400, 'fileName', 'declared', 'detected'),
  /** The uploaded file's content carries markup a browser would run (an image with a page behind its magic number). */
  CREATIVE_CONTENT_MARKUP: p(400, 'fileName', 'markup'),
  /** Confirmed before the file reached storage (or after its upload expired). */
  CREATIVE_NOT_UPLOADED: p(409, 'fileName'),
  /** The upload was posted again while it was checked: nothing was kept. */
  CREATIVE_CHANGED: p(409, 'fileName'),
  /** The line has as many creatives of the kind as a line takes. */
  CREATIVE_LIMIT: p(409, 'max'),

  // --- The company logo ----------------------------------------------------------------------
  /** A logo over shared/company-logo.ts MAX_LOGO_BYTES; `size` and `limit` in B–TB (shared/file-size.ts). */
  LOGO_TOO_LARGE: p(413, 'size', 'limit'),
  /** A logo whose content is no PNG or JPEG image (whatever it was called). */
  LOGO_NOT_AN_IMAGE: p(400),

  // --- Users ---------------------------------------------------------------------------------
  /** The e-mail address has a user already (in this company or another: the user pool is one). */
  USER_EXISTS: p(409, 'email'),
  /** The invitation's company was deleted while it was in flight: nothing of it was kept. */
  INVITE_CANCELLED: p(409, 'email'),
  /** The change would leave the company without an active Admin. */
  LAST_ADMIN: p(409),
  /** Granting a permission the caller does not hold (`permission`: its name; SystemAdmin for isSystemAdmin). */
  CANNOT_GRANT: p(403, 'permission'),
  /** Granting access to accounts the caller does not see (`accountId`: the first, or 'all'). */
  CANNOT_GRANT_ACCOUNT: p(403, 'accountId'),
  /** A user cannot raise their own permissions or account access. */
  CANNOT_RAISE_OWN: p(403),
  /** The user holds permissions the caller does not (`permission`): only someone who holds them manages them. */
  USER_OUTRANKS: p(403, 'permission'),
  /** Disabling oneself. */
  CANNOT_DISABLE_SELF: p(409),
  /** The user signed out everywhere (or was signed out) after this session began: sign in again. */
  SESSION_REVOKED: p(401),
  /** The user pool (Cognito) did not answer or refused for a reason of its own; nothing was changed. */
  USER_POOL_UNAVAILABLE: p(503),

  // --- Exchange rates ----------------------------------------------------------------------------
  RATE_NOT_FOUND: p(404, 'from', 'to', 'date'),
  /** SaveExchangeRate of a new rate whose Date/From/To has one. */
  RATE_EXISTS: p(409, 'from', 'to', 'date'),
  CSV_EMPTY: p(400),
  CSV_HEADER_INVALID: p(400, 'expected', 'found'),
  CSV_NO_ROWS: p(400),
  /** Wrong rows: the first is `line` (its `reason`, and the header word of its `column`, '' for the whole row), `count` in all; nothing was imported. */
  CSV_LINE_INVALID: p(400, 'line', 'column', 'detail', 'reason', 'count'),
  CSV_TOO_LARGE: p(413, 'kb', 'maxKb'),
  /** Rows `first`–`last` not imported (a rate changed meanwhile); `imported` rows before them were: import again to finish. */
  CSV_IMPORT_INTERRUPTED: p(409, 'first', 'last', 'imported'),
  CSV_TOO_MANY_ROWS: p(413, 'rows', 'max'),
  /** A daily-grain CSV import (ConnectorsService.ImportCampaignStatsCsv) of an upload that has not reached storage, or expired. */
  CSV_NOT_UPLOADED: p(409),
  /**
   * The plan's Excel import (MediaMixService.PreviewMediaMixImport / ImportMediaMix) refused the file
   * (`field` file): `reason` OTHER_PLAN, VERSION_MISMATCH, BAD_FILE, BAD_CELL (with sheet, row, column
   * and `cellReason`, the cell's own reason, its params beside), TOKEN_MISMATCH or TOO_MANY_ROWS. Nothing was written.
   */
  IMPORT_REFUSED: p(400, 'field', 'reason'),

  // --- Connectors and campaigns ----------------------------------------------------------------------
  /** An account connector's naming rule is not a regular expression RE2 accepts, or has no capture group. */
  NAMING_RULE_INVALID: p(400, 'field', 'detail'),
  /** An account connector names an external account (`id`) its agent connector does not see (`connector`). */
  EXTERNAL_ACCOUNT_NOT_VISIBLE: p(400, 'field', 'id', 'connector'),
  /** The external account `id` of platform `connector` is linked to another account already. */
  EXTERNAL_ACCOUNT_LINKED: p(409, 'id', 'connector'),
  /** An agent connector still linked by `count` account connectors cannot be archived. */
  CONNECTOR_IN_USE: p(409, 'count'),
  /** The global connector (or agent connector) `connector` is not active. */
  CONNECTOR_INACTIVE: p(409, 'connector'),
  /** The credential store (Secrets Manager) did not answer; nothing was changed. */
  CREDENTIALS_UNAVAILABLE: p(503),
  /** Sync now of a connection (`connector`) whose last Sync now is still queued or running (it ends, or frees after 15 minutes). */
  SYNC_ALREADY_RUNNING: p(409, 'connector'),
  /** Sync now of a connection (`connector`) that no account links to an ad account yet: nothing to sync. */
  SYNC_NO_LINKED_ACCOUNTS: p(409, 'connector'),
  /** Sync now of a CSV upload connection (`connector`): its data comes from files, not from a platform. */
  SYNC_NOT_SUPPORTED: p(409, 'connector'),
  /** Mark final of a month (`month`) that may not be final yet: `reasons` lists the reasons' codes (PROVISIONAL, CONNECTOR_NOT_OK, SYNC_BEHIND, MISSING_DAYS), the statement says each in full. */
  BILLABLE_NOT_FINAL: p(409, 'month', 'reasons'),
  /** Mark final of a month (`month`) that is final already: its billed figures never change. */
  BILLABLE_ALREADY_FINAL: p(409, 'month'),
  /** A billable month (`month`) outside the account's months: from its first flight's month (`from`) to the current one (`to`). */
  MONTH_OUT_OF_RANGE: p(400, 'month', 'from', 'to'),
  /** Reopen of a month (`month`) that is not final: there is nothing to reopen. */
  BILLABLE_NOT_MARKED_FINAL: p(409, 'month'),
  // Insertion orders sent to the vendor (docs/buy-side.md "Sending and acceptance").
  /** Only an approved order is sent, or has its signed copy recorded. */
  ORDER_NOT_APPROVED: p(409, 'id'),
  /** An address that is not one of the order's vendor's confirmed contacts. */
  CONTACT_NOT_CONFIRMED: p(400, 'field', 'email'),
  /** The stage sends no mail (no sender address or no page URL): nothing was sent or recorded. */
  MAIL_NOT_CONFIGURED: p(503),
  /** GetOrderDocument of an order never sent: there is no document to download. */
  ORDER_NOT_SENT: p(404, 'id'),
  /** GetOrderDocument: the stored file (`format`: pdf, xlsx) is gone, or its SHA-256 is not the one the send recorded; never served. */
  ORDER_DOCUMENT_CHANGED: p(409, 'id', 'format'),
  // The vendor's signed copy recorded by staff (docs/buy-side.md "Offline acceptance").
  /** The order is already accepted at its current version: online on the vendor's page, or by a signed copy recorded. */
  ORDER_ALREADY_ACCEPTED: p(409, 'id'),
  /** GetOrderDocument 'offline' of an order with no signed copy recorded. */
  ORDER_NOT_SIGNED: p(404, 'id'),
  /** The signed copy is larger than the limit (`size`, `limit`: readable sizes). */
  SIGNED_COPY_TOO_LARGE: p(413, 'size', 'limit'),
  /** Nothing was uploaded under the key (or the upload expired, or changed while it was checked). */
  SIGNED_COPY_NOT_UPLOADED: p(409),
  /** The uploaded content is not the type declared (`type`: pdf, png, jpeg). */
  SIGNED_COPY_WRONG_TYPE: p(400, 'type'),
} as const satisfies Record<string, { status: number; params: readonly string[] }>;

export type ErrorCode = keyof typeof ERROR_CODES;
export type ErrorParamName<C extends ErrorCode> = (typeof ERROR_CODES)[C]['params'][number];
export type ErrorParamValue = string | number;
/** The params of one code: exactly the names it lists, plus its reason's params (shared/error-reasons.ts) when it has a `reason`. */
export type ErrorParamsOf<C extends ErrorCode> = {
  [K in ErrorParamName<C>]: ErrorParamValue;
} & ('reason' extends ErrorParamName<C> ? Record<string, ErrorParamValue> : unknown);
/** Params as they travel in a reply. */
export type ErrorParams = Record<string, ErrorParamValue>;
/** The codes answered with HTTP status S. */
export type CodeWithStatus<S extends number> = {
  [C in ErrorCode]: (typeof ERROR_CODES)[C]['status'] extends S ? C : never;
}[ErrorCode];

export const isErrorCode = (v: unknown): v is ErrorCode => typeof v === 'string' && Object.hasOwn(ERROR_CODES, v);
