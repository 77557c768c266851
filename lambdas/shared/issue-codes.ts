import type { core } from 'zod/mini';
import type { ErrorCode, ErrorParams } from './error-codes';
import { because, ERROR_REASONS, isErrorReason, reasonText, type ErrorReason } from './error-reasons';

/** The reasons without params, by their English text. */
const REASON_OF_TEXT = new Map(
  Object.entries(ERROR_REASONS)
    .filter(([, text]) => !text.includes('{{'))
    .map(([reason, text]) => [text as string, reason as ErrorReason]),
);

/**
 * A zod issue as an error code and its params (shared/error-codes.ts), the same in the API's
 * 400 and the console's forms. FIELD_INVALID carries a `reason` (shared/error-reasons.ts) with its
 * params, which the console translates; `detail` is the English text of the same reason.
 */
export function codeOf(issue: core.$ZodIssue): [ErrorCode, ErrorParams] {
  const field = pathOf(issue);
  if (isMissing(issue)) return ['FIELD_REQUIRED', { field }];
  switch (issue.code) {
    case 'too_big':
      if (issue.origin === 'string') return ['FIELD_TOO_LONG', { field, max: Number(issue.maximum) }];
      if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint')
        return ['FIELD_TOO_LARGE', { field, max: Number(issue.maximum) }];
      break;
    case 'too_small':
      // A required text sent empty (min 1) is missing, as the console's forms say.
      if (issue.origin === 'string' && Number(issue.minimum) === 1) return ['FIELD_REQUIRED', { field }];
      if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint')
        return ['FIELD_TOO_SMALL', { field, min: Number(issue.minimum) }];
      break;
    case 'unrecognized_keys':
      return ['FIELD_UNKNOWN', { field: issue.path.length ? `${field}.${issue.keys[0]}` : issue.keys[0] }];
    case 'custom': {
      const params = (issue.params ?? {}) as Record<string, string | number>;
      if (isErrorReason(params.reason)) return ['FIELD_INVALID', { field, detail: issue.message, ...params }];
      break;
    }
    case 'invalid_format': {
      // A pattern check of ours (shared/schema-fields.ts `matches`) says its reason's English text.
      const reason = REASON_OF_TEXT.get(issue.message);
      if (reason) return invalid(field, reason, {});
      break;
    }
    case 'invalid_type':
      return invalid(field, 'WRONG_TYPE', { expected: issue.expected });
    case 'invalid_value':
      return invalid(field, 'NOT_ONE_OF', { values: issue.values.map(String).join(', ') });
    default:
      break;
  }
  return invalid(field, 'INVALID', {}, issue.message);
}

/** FIELD_INVALID for a reason; `detail` is zod's own English text when it says more than the reason. */
function invalid(
  field: string,
  reason: ErrorReason,
  params: Record<string, string | number>,
  detail = reasonText(reason, params),
): [ErrorCode, ErrorParams] {
  return ['FIELD_INVALID', { field, detail, ...because(reason, params) }];
}

export const pathOf = (issue: core.$ZodIssue) => (issue.path.length ? issue.path.join('.') : 'body');
export const isMissing = (issue: core.$ZodIssue) =>
  issue.code === 'invalid_type' && issue.message.includes('received undefined');
