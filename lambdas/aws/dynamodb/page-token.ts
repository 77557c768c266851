import { ValidationError } from '../../core/errors';
import { isKeyInRange, type KeyRange } from './query-page';

/**
 * Opaque pagination tokens, made and read only here in the repositories: a list function takes the
 * caller's `nextToken` and answers the next one (`ListPage`), so no domain module ever sees a
 * DynamoDB key. A token is the DynamoDB key to resume from (or an offset for lists assembled in
 * memory, `pageOfList`), base64url-encoded. It is checked on the way back in against the exact key
 * range of the Query it continues (`KeyRange`, built by the repository from the same values as its
 * KeyConditionExpression): a token made for another list, another status or date range, or edited
 * to point into another company, is refused with a 400 instead of followed — DynamoDB would
 * answer a start key outside the key condition with an error (a 500).
 */
type Token = { k: Record<string, unknown> } | { o: number };

/**
 * The largest offset a token may carry. Offset lists are assembled in memory from at most a few
 * thousand items; a genuine token never comes near this, so anything above it is forged.
 */
export const MAX_OFFSET = 100_000;

export function encodeToken(t: Token | undefined): string | null {
  return t ? Buffer.from(JSON.stringify(t), 'utf8').toString('base64url') : null;
}

/** One page of a list and the token of the next one (null on the last page). */
export interface ListPage<T> {
  items: T[];
  nextToken: string | null;
}

/** The token that resumes a Query after `lastKey` (none: the list is done). */
export const keyToken = (lastKey: Record<string, unknown> | undefined): string | null =>
  encodeToken(lastKey ? { k: lastKey } : undefined);

/**
 * One page of a list assembled in memory (sorted by the caller), resumed by an offset token: the
 * same opaque token shape as a Query's, so a caller cannot tell the two kinds of list apart.
 */
export function pageOfList<T>(all: readonly T[], nextToken: string | null | undefined, limit: number): ListPage<T> {
  const offset = decodeOffsetToken(nextToken);
  return {
    items: all.slice(offset, offset + limit),
    nextToken: offset + limit < all.length ? encodeToken({ o: offset + limit }) : null,
  };
}

/** The start key in a token, which must be a key inside `range` (see `isKeyInRange`). */
export function decodeKeyToken(token: string | null | undefined, range: KeyRange): Record<string, unknown> | undefined {
  if (!token) return undefined;
  const t = parse(token);
  if (!('k' in t) || typeof t.k !== 'object' || t.k === null || Array.isArray(t.k)) throw invalid();
  if (!isKeyInRange(t.k, range)) throw invalid();
  return t.k;
}

/**
 * The offset in a token: a whole number from 0 to MAX_OFFSET. An offset past the end of the list
 * (it shrank between two pages) is simply its end: the caller slices an empty page.
 */
export function decodeOffsetToken(token: string | null | undefined): number {
  if (!token) return 0;
  const t = parse(token);
  if (!('o' in t) || !Number.isInteger(t.o) || t.o < 0 || t.o > MAX_OFFSET) throw invalid();
  return t.o;
}

/** A token object with exactly one of `k` / `o`. */
function parse(token: string): Token {
  try {
    const t = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
    if (t && typeof t === 'object' && !Array.isArray(t) && Object.keys(t).length === 1) return t as Token;
  } catch {
    /* fall through */
  }
  throw invalid();
}

const invalid = () =>
  new ValidationError('nextToken: is not valid for this list; start again from the first page', 'PAGE_TOKEN_INVALID', {
    field: 'nextToken',
  });
