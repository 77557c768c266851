import { ValidationError } from '../kit/errors';

/**
 * A decoded page token (page-token.ts `decodeKeyToken`) must hold exactly the key attributes of
 * the Query it resumes: a token of another list (e.g. an index list's key handed to a table
 * list) would otherwise reach DynamoDB as a malformed ExclusiveStartKey and fail as a 500.
 */
export function requireKeyShape(startKey: Record<string, unknown> | undefined, attributes: readonly string[]): Record<string, unknown> | undefined {
  if (!startKey) return undefined;
  const names = Object.keys(startKey);
  if (names.length !== attributes.length || !attributes.every((a) => typeof startKey[a] === 'string')) {
    throw new ValidationError('nextToken: is not valid for this list; start again from the first page');
  }
  return startKey;
}
