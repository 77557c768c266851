import type { ErrorCode, ErrorParams } from '../shared/error-codes';
import type { ErrorIssue } from '../shared/error-issues';

/**
 * The reply envelope of docs/domain.md: { Success, Response } or
 * { Success: false, ErrorMessage, ErrorCode, ErrorParams }. ErrorMessage is the server's English
 * explanation; ErrorCode (shared/error-codes.ts) and its ErrorParams are what the console translates
 * and reacts to. A refusal of a many-part input (a CSV file) adds ErrorIssues: each problem with its
 * line, field, reason and params (shared/error-issues.ts), for the console to list translated.
 */
export interface HttpReply {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
}

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

export function ok(response: unknown, statusCode: 200 | 202 = 200): HttpReply {
  return { statusCode, headers: JSON_HEADERS, body: JSON.stringify({ Success: true, Response: response ?? null }) };
}

export function fail(
  statusCode: number,
  message: string,
  code: ErrorCode,
  params: ErrorParams = {},
  issues: readonly ErrorIssue[] = [],
): HttpReply {
  return {
    statusCode,
    headers: JSON_HEADERS,
    body: JSON.stringify({
      Success: false,
      ErrorMessage: message,
      ErrorCode: code,
      ErrorParams: params,
      ...(issues.length ? { ErrorIssues: issues } : {}),
    }),
  };
}
