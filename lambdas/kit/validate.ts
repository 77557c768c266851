import type { core, output, ZodMiniType as ZodType } from 'zod/mini';
import type { ErrorCode, ErrorParams } from '../shared/error-codes';
import { ValidationError, type CodeArgs } from './errors';

/**
 * Parses input with a schema; the error names every offending field path (`account.Name: is required`)
 * and carries the code of the first issue with its field (FIELD_REQUIRED, FIELD_TOO_LONG,
 * FIELD_INVALID…), which the console translates.
 */
export function validate<S extends ZodType>(schema: S, input: unknown): output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issues = result.error.issues.slice(0, 5);
  const messages = issues.map((issue) => `${pathOf(issue)}: ${isMissing(issue) ? 'is required' : issue.message}`);
  // The first issue's code (every code codeOf answers is a 400 one).
  throw new ValidationError(messages.join('; '), ...(codeOf(issues[0]) as CodeArgs<400>));
}

const pathOf = (issue: core.$ZodIssue) => (issue.path.length ? issue.path.join('.') : 'body');
const isMissing = (issue: core.$ZodIssue) => issue.code === 'invalid_type' && issue.message.includes('received undefined');

/** A zod issue as an error code and its params. */
export function codeOf(issue: core.$ZodIssue): [ErrorCode, ErrorParams] {
  const field = pathOf(issue);
  if (isMissing(issue)) return ['FIELD_REQUIRED', { field }];
  switch (issue.code) {
    case 'too_big':
      if (issue.origin === 'string') return ['FIELD_TOO_LONG', { field, max: Number(issue.maximum) }];
      if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint') return ['FIELD_TOO_LARGE', { field, max: Number(issue.maximum) }];
      break;
    case 'too_small':
      // A required text sent empty (min 1) is missing, as the console's forms say.
      if (issue.origin === 'string' && Number(issue.minimum) === 1) return ['FIELD_REQUIRED', { field }];
      if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint') return ['FIELD_TOO_SMALL', { field, min: Number(issue.minimum) }];
      break;
    case 'unrecognized_keys':
      return ['FIELD_UNKNOWN', { field: issue.path.length ? `${field}.${issue.keys[0]}` : issue.keys[0] }];
    default:
      break;
  }
  return ['FIELD_INVALID', { field, detail: issue.message }];
}
