import {
  ERROR_CODES,
  type CodeWithStatus,
  type ErrorCode,
  type ErrorParamName,
  type ErrorParams,
  type ErrorParamsOf,
} from '../shared/error-codes';
import type { ErrorIssue } from '../shared/error-issues';
import { MoneyRangeError, type MoneyInputError } from '../shared/money';

/**
 * Typed errors. Domain code throws these; the handler kit maps each to its HTTP status and the
 * envelope of docs/domain.md in one place. Anything else is a 500 with a generic message.
 *
 * Each carries a stable `code` from shared/error-codes.ts with its `params`, beside the English
 * message (the server's explanation, and the console's fallback): the console translates the code
 * and reacts to it. A class takes only the codes of its own status, with exactly their params:
 * `new ConflictError('Account 7 still has…', 'ACCOUNT_HAS_ACTIVE_SUBACCOUNTS', { accountId: 7 })`.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly params: ErrorParams;
  /** The problems of a many-part input, each where and why (shared/error-issues.ts): the reply's ErrorIssues. */
  issues: readonly ErrorIssue[] = [];
  constructor(
    readonly statusCode: number,
    message: string,
    code: ErrorCode,
    params: ErrorParams = {},
  ) {
    super(message);
    this.name = new.target.name;
    this.code = code;
    this.params = params;
  }

  /** The error with its issues listed: `throw new ValidationError(…, 'CSV_LINE_INVALID', {…}).withIssues(issues)`. */
  withIssues(issues: readonly ErrorIssue[]): this {
    this.issues = issues;
    return this;
  }
}

/** The arguments after the message: a code of status S, then its params when it names any. */
export type CodeArgs<S extends number> = {
  [C in CodeWithStatus<S>]: ErrorParamName<C> extends never ? [code: C] : [code: C, params: ErrorParamsOf<C>];
}[CodeWithStatus<S>];

const coded = <S extends number>(
  args: CodeArgs<S> | [],
  fallback: () => [ErrorCode, ErrorParams],
): [ErrorCode, ErrorParams] => (args.length ? [args[0], (args as [ErrorCode, ErrorParams?])[1] ?? {}] : fallback());

/** "mediaChannel.Budget: must be…" → its field path and the rest. */
function fieldOf(message: string): { field: string; detail: string } {
  const m = /^([\w.[\]-]+): (.*)$/s.exec(message);
  return m ? { field: m[1], detail: m[2] } : { field: 'body', detail: message };
}

export class ValidationError extends AppError {
  /** Without a code: FIELD_INVALID with the field path the message starts with. */
  constructor(message: string, ...args: CodeArgs<400> | []) {
    super(400, message, ...coded(args, () => ['FIELD_INVALID', { ...fieldOf(message), reason: 'INVALID' }]));
  }
}
export class UnauthorizedError extends AppError {
  constructor(message = 'Not signed in', ...args: CodeArgs<401> | []) {
    super(401, message, ...coded(args, () => ['NOT_SIGNED_IN', {}]));
  }
}
export class ForbiddenError extends AppError {
  constructor(message = 'Required permission missing', ...args: CodeArgs<403> | []) {
    super(403, message, ...coded(args, () => ['PERMISSION_MISSING', { permission: '' }]));
  }
}
export class NotFoundError extends AppError {
  constructor(message: string, ...args: CodeArgs<404> | []) {
    super(404, message, ...coded(args, () => ['NOT_FOUND', { entity: '', id: '' }]));
  }
}
export class ConflictError extends AppError {
  constructor(message: string, ...args: CodeArgs<409> | []) {
    super(409, message, ...coded(args, () => ['STALE_VERSION', {}]));
  }
}
export class PayloadTooLargeError extends AppError {
  constructor(message: string, ...args: CodeArgs<413> | []) {
    super(413, message, ...coded(args, () => ['PAYLOAD_TOO_LARGE', { maxKb: '' }]));
  }
}

/** The message every stale save answers (code STALE_VERSION: the console offers a reload). */
export const STALE_VERSION_MESSAGE = 'This record was changed by someone else; reload it and try again';

/** A stale save's 409: the console offers a reload. */
export const staleVersion = (message = STALE_VERSION_MESSAGE) => new ConflictError(message, 'STALE_VERSION');

/**
 * The largest amount the money module holds exactly, in major units (what MONEY_OUT_OF_RANGE names):
 * "90,071,992,547,409", grouped by hand — `toLocaleString` at import would start ICU in every
 * function's cold init (~5 ms on a quiet machine; test/kit/cold-init-work.test.ts).
 */
export const MONEY_LIMIT = String(Math.floor(Number.MAX_SAFE_INTEGER / 100)).replace(/\B(?=(\d{3})+$)/g, ',');

/**
 * A money input the shared money module refused, as the caller's 400: a figure beyond the exact
 * range is MONEY_OUT_OF_RANGE, anything else FIELD_INVALID, both naming the field the message starts
 * with (`rename` maps it to the field as the route names it, e.g. budget → mediaChannel.Budget).
 */
export function moneyInputError(err: MoneyInputError, rename: (field: string) => string = (f) => f): ValidationError {
  const { field, detail } = fieldOf(err.message);
  const named = rename(field);
  const message = `${named}: ${detail}`;
  return err instanceof MoneyRangeError
    ? new ValidationError(message, 'MONEY_OUT_OF_RANGE', { field: named, limit: MONEY_LIMIT })
    : new ValidationError(message, 'FIELD_INVALID', { field: named, detail, reason: 'INVALID' });
}

/** The HTTP status a code is answered with (shared/error-codes.ts). */
export const statusOf = (code: ErrorCode): number => ERROR_CODES[code].status;
