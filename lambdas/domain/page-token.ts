import { ValidationError } from '../kit/errors';

/**
 * Opaque pagination tokens. A token is the DynamoDB key to resume from (or an offset for lists
 * assembled in memory), base64url-encoded. It is checked on the way back in: a token made for
 * another list, or edited to point into another company, is refused instead of followed.
 */
type Token = { k: Record<string, unknown> } | { o: number };

export function encodeToken(t: Token | undefined): string | null {
  return t ? Buffer.from(JSON.stringify(t), 'utf8').toString('base64url') : null;
}

/**
 * The start key in a token, which must hold exactly the key attributes of the Query it resumes
 * (`attributes`, all strings) with the `expected` values: anything else would reach DynamoDB as a
 * malformed ExclusiveStartKey and fail as a 500, or resume another list.
 */
export function decodeKeyToken(
  token: string | null | undefined, expected: Record<string, string>, attributes: readonly string[],
): Record<string, unknown> | undefined {
  if (!token) return undefined;
  const t = parse(token);
  if (!('k' in t) || typeof t.k !== 'object' || t.k === null) throw invalid();
  const names = Object.keys(t.k);
  if (names.length !== attributes.length || !attributes.every((a) => typeof t.k[a] === 'string')) throw invalid();
  for (const [attr, value] of Object.entries(expected)) {
    if (t.k[attr] !== value) throw invalid();
  }
  return t.k;
}

export function decodeOffsetToken(token: string | null | undefined): number {
  if (!token) return 0;
  const t = parse(token);
  if (!('o' in t) || !Number.isInteger(t.o) || t.o < 0) throw invalid();
  return t.o;
}

function parse(token: string): Token {
  try {
    const t = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
    if (t && typeof t === 'object') return t as Token;
  } catch { /* fall through */ }
  throw invalid();
}

const invalid = () => new ValidationError('nextToken: is not valid for this list; start again from the first page');
