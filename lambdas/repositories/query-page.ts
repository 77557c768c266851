import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { ddb } from './client';

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
export async function queryPage(q: QueryCommandInput, limit: number, startKey: Record<string, unknown> | undefined, keyAttributes: string[]): Promise<ItemPage> {
  const items: Record<string, unknown>[] = [];
  let from = startKey;
  for (;;) {
    // With a filter, read in larger steps: most of what is read may be filtered out.
    const out = await ddb().send(new QueryCommand({ ...q, Limit: q.FilterExpression ? Math.max(limit, 100) : limit, ExclusiveStartKey: from }));
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
