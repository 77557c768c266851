import type { output, ZodMiniType as ZodType } from 'zod/mini';
import { codeOf, isMissing, pathOf } from '../shared/issue-codes';
import { ValidationError, type CodeArgs } from '../core/errors';

/**
 * Parses input with a schema; the error names every offending field path (`account.Name: is required`)
 * and carries the code of the first issue with its field (FIELD_REQUIRED, FIELD_TOO_LONG,
 * FIELD_INVALID…), which the console translates. The issue → code mapping (shared/issue-codes.ts) is
 * shared with the console's forms: both refuse with the same words.
 */
export function validate<S extends ZodType>(schema: S, input: unknown): output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issues = result.error.issues.slice(0, 5);
  const messages = issues.map((issue) => `${pathOf(issue)}: ${isMissing(issue) ? 'is required' : issue.message}`);
  // The first issue's code (every code codeOf answers is a 400 one).
  throw new ValidationError(messages.join('; '), ...(codeOf(issues[0]) as CodeArgs<400>));
}
