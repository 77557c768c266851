import { QueryCommand, type QueryCommandInput } from './commands';
import { ddb } from './client';

/**
 * The key range of a paginated Query, described once: `keyCondition()` turns it into the Query's
 * IndexName / KeyConditionExpression, and `decodeKeyToken()` (aws/dynamodb/page-token.ts) checks a page
 * token against it. Both read the same object, so a token can never resume outside the range the
 * Query asks for (DynamoDB rejects such an ExclusiveStartKey: a 500 instead of a 400).
 */
export interface KeyRange {
  /** The index queried; absent = the table. */
  index?: string;
  /** The key attributes of a start key: the table's (pk, sk) plus the index's, all non-empty strings. */
  keyAttributes: readonly string[];
  /** The partition of the Query: `attr = value`. */
  partition: { attr: string; value: string };
  /** The sort-key condition, if any. Bounds are inclusive (BETWEEN, >=, <=). */
  sort?: { attr: string; prefix?: string; from?: string; to?: string };
  /**
   * Other key attributes a token must agree with (an index Query's table keys): an exact value, or
   * a prefix. Not part of the key condition: they bind the token to the company and the entity.
   */
  bound?: Record<string, { equals?: string; prefix?: string }>;
}

/** The Query parameters of a range (values named :kPk, :kPrefix, :kFrom, :kTo: no clash with filters). */
export function keyCondition(range: KeyRange): Pick<QueryCommandInput, 'IndexName' | 'KeyConditionExpression'> & {
  ExpressionAttributeValues: Record<string, unknown>;
} {
  const values: Record<string, unknown> = { ':kPk': range.partition.value };
  let cond = `${range.partition.attr} = :kPk`;
  const s = range.sort;
  if (s?.prefix !== undefined) {
    cond += ` AND begins_with(${s.attr}, :kPrefix)`;
    values[':kPrefix'] = s.prefix;
  } else if (s?.from !== undefined && s.to !== undefined) {
    cond += ` AND ${s.attr} BETWEEN :kFrom AND :kTo`;
    Object.assign(values, { ':kFrom': s.from, ':kTo': s.to });
  } else if (s?.from !== undefined) {
    cond += ` AND ${s.attr} >= :kFrom`;
    values[':kFrom'] = s.from;
  } else if (s?.to !== undefined) {
    cond += ` AND ${s.attr} <= :kTo`;
    values[':kTo'] = s.to;
  }
  return {
    ...(range.index ? { IndexName: range.index } : {}),
    KeyConditionExpression: cond,
    ExpressionAttributeValues: values,
  };
}

/** Is `key` a start key inside `range`: exactly its key attributes, non-empty strings, within every bound? */
export function isKeyInRange(key: Record<string, unknown>, range: KeyRange): boolean {
  const names = Object.keys(key);
  if (names.length !== range.keyAttributes.length) return false;
  if (!range.keyAttributes.every((a) => typeof key[a] === 'string' && key[a] !== '')) return false;
  const at = (a: string) => key[a] as string;
  if (at(range.partition.attr) !== range.partition.value) return false;
  const s = range.sort;
  if (s) {
    const v = at(s.attr);
    if (s.prefix !== undefined && !v.startsWith(s.prefix)) return false;
    if (s.from !== undefined && byteOrder(v, s.from) < 0) return false;
    if (s.to !== undefined && byteOrder(v, s.to) > 0) return false;
  }
  for (const [attr, b] of Object.entries(range.bound ?? {})) {
    if (b.equals !== undefined && at(attr) !== b.equals) return false;
    if (b.prefix !== undefined && !at(attr).startsWith(b.prefix)) return false;
  }
  return true;
}

/** DynamoDB orders strings by their UTF-8 bytes (JS `<` orders UTF-16 units: not the same above U+FFFF). */
const byteOrder = (a: string, b: string) => Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));

export interface ItemPage {
  items: Record<string, unknown>[];
  lastKey?: Record<string, unknown>;
}

/**
 * One page of a Query that may carry a FilterExpression. DynamoDB applies Limit before the filter,
 * so a filtered Query can answer fewer items than asked (even none) with more to come. This reads
 * on until the page is full or the key range is exhausted and, when it read past the page, resumes
 * the next page right after the last item it returns (`keyAttributes` are the table's and the
 * index's key names) — never an empty page with a token, never a skipped item.
 */
export async function queryPage(
  q: QueryCommandInput,
  limit: number,
  startKey: Record<string, unknown> | undefined,
  keyAttributes: readonly string[],
): Promise<ItemPage> {
  const items: Record<string, unknown>[] = [];
  let from = startKey;
  for (;;) {
    // With a filter, read in larger steps: most of what is read may be filtered out.
    const out = await ddb().send(
      new QueryCommand({ ...q, Limit: q.FilterExpression ? Math.max(limit, 100) : limit, ExclusiveStartKey: from }),
    );
    items.push(...(out.Items ?? []));
    from = out.LastEvaluatedKey;
    if (items.length >= limit || !from) break;
  }
  if (items.length > limit) {
    const last = items[limit - 1];
    return { items: items.slice(0, limit), lastKey: Object.fromEntries(keyAttributes.map((k) => [k, last[k]])) };
  }
  return { items, lastKey: from };
}

/** Every item of a Query (all pages): for bounded key ranges only. */
export async function queryAll(q: QueryCommandInput): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let from: Record<string, unknown> | undefined;
  do {
    const out = await ddb().send(new QueryCommand({ ...q, ExclusiveStartKey: from }));
    items.push(...(out.Items ?? []));
    from = out.LastEvaluatedKey;
  } while (from);
  return items;
}
