import type { ZodType, output } from 'zod';
import { ValidationError } from './errors';

/** Parses input with a schema; the error names every offending field path (`account.Name: is required`). */
export function validate<S extends ZodType>(schema: S, input: unknown): output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const messages = result.error.issues.slice(0, 5).map((issue) => {
    const path = issue.path.length ? issue.path.join('.') : 'body';
    const message = issue.code === 'invalid_type' && issue.message.includes('received undefined') ? 'is required' : issue.message;
    return `${path}: ${message}`;
  });
  throw new ValidationError(messages.join('; '));
}
