import {
  BatchGetCommand,
  QueryCommand,
  type BatchGetCommandOutput,
  type QueryCommandInput,
} from '../../aws/dynamodb/commands';
import { activityKeys, type Activity } from '../activities';
import { ddb, tableName } from '../../aws/dynamodb/client';
import { companyPk } from '../../aws/dynamodb/keys';
import { HEADER_AUTHOR, versionKeys, toHeader } from '../media-plans';
import type { PlanVersion } from '../media-plans';
import { decodeKeyToken, keyToken, type ListPage } from '../../aws/dynamodb/page-token';
import { keyCondition, queryAll, queryPage, type KeyRange } from '../../aws/dynamodb/query-page';
import type { AccountFilter } from './store';

/**
 * The approvals lists (docs/table-design.md, "Where a version waits"): every version header has
 * ONE gsi2 entry — in the company's inbox partition `C#<cid>#SUBMITTED` while it is Submitted, in
 * its author's `C#<cid>#AUTHOR#<author>` otherwise — set by the header's own writes
 * (modules/media-plans/store/items.ts headerItem), so a submit puts it in the inbox and an approval or rejection
 * takes it out in the same transaction. Lists are filtered here by the caller's account access
 * (main-account ids; 'all' = no filter), so a page never carries what the caller may not see.
 */

const KEY_ATTRIBUTES = ['pk', 'sk', 'gsi2pk', 'gsi2sk'] as const;

/** Token binding: an index entry of a version header of this company. */
const headerBound = (companyId: number) => ({ pk: { prefix: `${companyPk(companyId)}#MIX#` }, sk: { equals: 'M' } });

const inboxRange = (companyId: number): KeyRange => ({
  index: 'gsi2',
  keyAttributes: KEY_ATTRIBUTES,
  partition: { attr: 'gsi2pk', value: versionKeys.inboxPk(companyId) },
  bound: headerBound(companyId),
});

const authorRange = (companyId: number, author: string): KeyRange => ({
  index: 'gsi2',
  keyAttributes: KEY_ATTRIBUTES,
  partition: { attr: 'gsi2pk', value: versionKeys.authorPk(companyId, author) },
  bound: headerBound(companyId),
});

/**
 * The filter of a query: the header's main account is one the caller may see (IN takes at most 100
 * operands: longer lists are ORed in chunks), and, when given, the header's author. Mutates `q`.
 */
function withFilters(q: QueryCommandInput, accounts: AccountFilter, author?: string): QueryCommandInput {
  const parts: string[] = [];
  const values: Record<string, unknown> = { ...q.ExpressionAttributeValues };
  if (accounts !== 'all') {
    const chunks: string[] = [];
    for (let i = 0; i < accounts.length; i += 100) {
      const names = accounts.slice(i, i + 100).map((id, j) => {
        values[`:a${i + j}`] = id;
        return `:a${i + j}`;
      });
      chunks.push(`AccountId IN (${names.join(', ')})`);
    }
    // No account at all: nothing matches (an id is never negative).
    parts.push(chunks.length ? `(${chunks.join(' OR ')})` : 'AccountId = :none');
    if (!chunks.length) values[':none'] = -1;
  }
  if (author !== undefined) {
    parts.push('#author = :author');
    values[':author'] = author;
    q.ExpressionAttributeNames = { ...q.ExpressionAttributeNames, '#author': HEADER_AUTHOR };
  }
  if (parts.length) q.FilterExpression = parts.join(' AND ');
  q.ExpressionAttributeValues = values;
  return q;
}

const inboxQuery = (companyId: number, accounts: AccountFilter, author?: string): QueryCommandInput =>
  withFilters({ TableName: tableName(), ...keyCondition(inboxRange(companyId)) }, accounts, author);

/** One page of the company's Submitted versions the caller may see, longest waiting first. */
export async function listSubmittedVersions(
  companyId: number,
  accounts: AccountFilter,
  limit: number,
  nextToken?: string | null,
): Promise<ListPage<PlanVersion>> {
  const range = inboxRange(companyId);
  const page = await queryPage(
    inboxQuery(companyId, accounts),
    limit,
    decodeKeyToken(nextToken, range),
    range.keyAttributes,
  );
  return { items: page.items.map(toHeader), nextToken: keyToken(page.lastKey) };
}

/** How many Submitted versions the caller may see (the menu's badge): a COUNT Query, nothing moved but the count. */
export async function countSubmittedVersions(companyId: number, accounts: AccountFilter): Promise<number> {
  const q: QueryCommandInput = { ...inboxQuery(companyId, accounts), Select: 'COUNT' };
  let count = 0;
  let from: Record<string, unknown> | undefined;
  do {
    const out = await ddb().send(new QueryCommand({ ...q, ExclusiveStartKey: from }));
    count += out.Count ?? 0;
    from = out.LastEvaluatedKey;
  } while (from);
  return count;
}

/** Every Submitted version of one author (few: a plan has one open version at a time), oldest submission first. */
export async function listSubmittedVersionsOf(
  companyId: number,
  author: string,
  accounts: AccountFilter,
): Promise<PlanVersion[]> {
  return (await queryAll(inboxQuery(companyId, accounts, author))).map(toHeader);
}

/** One page of an author's versions that are not waiting for approval, the latest status change first. */
export async function listAuthorVersions(
  companyId: number,
  author: string,
  accounts: AccountFilter,
  limit: number,
  nextToken?: string | null,
): Promise<ListPage<PlanVersion>> {
  const range = authorRange(companyId, author);
  const q = withFilters({ TableName: tableName(), ...keyCondition(range), ScanIndexForward: false }, accounts);
  const page = await queryPage(q, limit, decodeKeyToken(nextToken, range), range.keyAttributes);
  return { items: page.items.map(toHeader), nextToken: keyToken(page.lastKey) };
}

/** Several activities by id (the activities of a page of versions); unknown ids are absent. */
export async function getActivitiesByIds(companyId: number, ids: readonly number[]): Promise<Activity[]> {
  const found: Record<string, unknown>[] = [];
  const unique = [...new Set(ids)];
  for (let i = 0; i < unique.length; i += 100) {
    let request: Record<string, { Keys: Record<string, unknown>[] }> | undefined = {
      [tableName()]: { Keys: unique.slice(i, i + 100).map((id) => activityKeys.item(companyId, id)) },
    };
    // BatchGet may hand back unprocessed keys under load; retry them (bounded).
    for (let attempt = 0; request && attempt < 5; attempt++) {
      const out: BatchGetCommandOutput = await ddb().send(new BatchGetCommand({ RequestItems: request }));
      found.push(...(out.Responses?.[tableName()] ?? []));
      const rest: { Keys?: Record<string, unknown>[] } | undefined = out.UnprocessedKeys?.[tableName()];
      request = rest?.Keys?.length ? { [tableName()]: { Keys: rest.Keys } } : undefined;
    }
  }
  return found.map((item) => {
    const { pk: _a, sk: _b, gsi1pk: _c, gsi1sk: _d, gsi2pk: _e, gsi2sk: _f, entity: _g, ...rest } = item;
    return rest as unknown as Activity;
  });
}
