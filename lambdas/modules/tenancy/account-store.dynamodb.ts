import { BatchGetCommand, type BatchGetCommandOutput, GetCommand, QueryCommand } from '../../aws/dynamodb/commands';
import type { Account, AccountRow, AccountStatus, NameClaim } from './account-store';

import { ddb, tableName } from '../../aws/dynamodb/client';
import { keys } from '../../aws/dynamodb/keys';
import { auditPut } from '../audit';
import { transactWrite, type NamedWrite, type TransactItem } from '../../aws/dynamodb/transaction';
import { minorToNumber } from '../../shared/money';
import { nameClaimKey, nameClaimWrites } from './account-name-store.dynamodb';
import { phoneE164 } from '../../shared/phone-number';
import { decodeKeyToken, keyToken, type ListPage } from '../../aws/dynamodb/page-token';
import { keyCondition, type KeyRange } from '../../aws/dynamodb/query-page';

const ENTITY = 'Account';

function toItem(companyId: number, a: Account) {
  return {
    ...keys.account(companyId, a.ID),
    gsi1pk: keys.accountsByParentPk(companyId, a.ParentId),
    gsi1sk: keys.accountsByParentSk(a.Status, a.Name, a.ID),
    entity: ENTITY,
    ...a,
  };
}

function toAccount(item: Record<string, unknown>): Account {
  const {
    pk: _a,
    sk: _b,
    gsi1pk: _c,
    gsi1sk: _d,
    entity: _e,
    ActivitiesCount: _f,
    PlannedBudgetMinor: _g,
    ...rest
  } = item;
  // Accounts saved before phone normalisation have no PhoneE164: derived the same way on read.
  return {
    ...rest,
    PhoneE164: rest.PhoneE164 === undefined ? phoneE164(String(rest.Phone ?? '')) : rest.PhoneE164,
  } as unknown as Account;
}

/** An account as the accounts list shows it: with its activity totals. */
function toAccountRow(item: Record<string, unknown>): AccountRow {
  const minor = Number(item.PlannedBudgetMinor ?? 0);
  return {
    ...toAccount(item),
    ActivitiesCount: Number(item.ActivitiesCount ?? 0),
    PlannedBudget: minorToNumber(minor),
  };
}

export async function getAccount(companyId: number, id: number, consistent = false): Promise<Account | undefined> {
  const out = await ddb().send(
    new GetCommand({ TableName: tableName(), Key: keys.account(companyId, id), ConsistentRead: consistent }),
  );
  return out.Item ? toAccount(out.Item) : undefined;
}

/** Several accounts by id (a client user's short list). Unknown ids are simply absent. */
export async function getAccounts(companyId: number, ids: number[]): Promise<Account[]> {
  return (await getAccountItems(companyId, ids)).map(toAccount);
}

/** getAccounts with each account's activity totals (the accounts list). */
export async function getAccountRows(companyId: number, ids: number[]): Promise<AccountRow[]> {
  return (await getAccountItems(companyId, ids)).map(toAccountRow);
}

async function getAccountItems(companyId: number, ids: number[]): Promise<Record<string, unknown>[]> {
  const found: Record<string, unknown>[] = [];
  const unique = [...new Set(ids)];
  for (let i = 0; i < unique.length; i += 100) {
    let request: Record<string, { Keys: Record<string, unknown>[] }> | undefined = {
      [tableName()]: { Keys: unique.slice(i, i + 100).map((id) => keys.account(companyId, id)) },
    };
    // BatchGet may hand back unprocessed keys under load; retry them (bounded).
    for (let attempt = 0; request && attempt < 5; attempt++) {
      const out: BatchGetCommandOutput = await ddb().send(new BatchGetCommand({ RequestItems: request }));
      found.push(...(out.Responses?.[tableName()] ?? []));
      const rest: { Keys?: Record<string, unknown>[] } | undefined = out.UnprocessedKeys?.[tableName()];
      request = rest?.Keys?.length ? { [tableName()]: { Keys: rest.Keys } } : undefined;
    }
  }
  return found;
}

/** One page of the items under a parent in one status, by name, each read by `of`. */
async function pageByParent<T>(
  companyId: number,
  parentId: number | null,
  status: AccountStatus,
  limit: number,
  nextToken: string | null | undefined,
  of: (item: Record<string, unknown>) => T,
): Promise<ListPage<T>> {
  const range = accountsByParentRange(companyId, parentId, status);
  const out = await queryByParent(companyId, parentId, status, limit, decodeKeyToken(nextToken, range));
  return { items: (out.Items ?? []).map(of), nextToken: keyToken(out.LastEvaluatedKey) };
}

/** One page of the accounts under a parent (null = main accounts) in one status, by name. */
export const listAccountsByParent = (
  companyId: number,
  parentId: number | null,
  status: AccountStatus,
  limit: number,
  nextToken?: string | null,
): Promise<ListPage<Account>> => pageByParent(companyId, parentId, status, limit, nextToken, toAccount);

/** listAccountsByParent with each account's activity totals (the accounts list: still one Query). */
export const listAccountRowsByParent = (
  companyId: number,
  parentId: number | null,
  status: AccountStatus,
  limit: number,
  nextToken?: string | null,
): Promise<ListPage<AccountRow>> => pageByParent(companyId, parentId, status, limit, nextToken, toAccountRow);

/** The key range of the accounts under a parent in one status (gsi1): the Query's, and what its page tokens are checked against. */
function accountsByParentRange(companyId: number, parentId: number | null, status: AccountStatus): KeyRange {
  return {
    index: 'gsi1',
    keyAttributes: ['pk', 'sk', 'gsi1pk', 'gsi1sk'],
    partition: { attr: 'gsi1pk', value: keys.accountsByParentPk(companyId, parentId) },
    sort: { attr: 'gsi1sk', prefix: status === 'Active' ? 'A#' : 'X#' },
    bound: { pk: { equals: keys.company(companyId).pk }, sk: { prefix: 'ACCOUNT#' } },
  };
}

function queryByParent(
  companyId: number,
  parentId: number | null,
  status: AccountStatus,
  limit: number,
  startKey?: Record<string, unknown>,
) {
  return ddb().send(
    new QueryCommand({
      TableName: tableName(),
      ...keyCondition(accountsByParentRange(companyId, parentId, status)),
      Limit: limit,
      ExclusiveStartKey: startKey,
    }),
  );
}

/** Every sub-account of a main account in one status (few per client; paged internally). */
export async function listAllSubAccounts(
  companyId: number,
  parentId: number,
  status: AccountStatus,
): Promise<Account[]> {
  const all: Account[] = [];
  let nextToken: string | null = null;
  do {
    const page = await listAccountsByParent(companyId, parentId, status, 500, nextToken);
    all.push(...page.items);
    nextToken = page.nextToken;
  } while (nextToken);
  return all;
}

/** Who holds a name under a parent (an active account), if anyone. */
export async function getNameClaim(
  companyId: number,
  parentId: number | null,
  name: string,
): Promise<NameClaim | undefined> {
  const out = await ddb().send(
    new GetCommand({ TableName: tableName(), Key: nameClaimKey(companyId, parentId, name), ConsistentRead: true }),
  );
  return out.Item ? { AccountId: Number(out.Item.AccountId), Name: String(out.Item.Name) } : undefined;
}

/**
 * Creates an account with its audit entry and name claim, all or nothing. A sub-account relies on
 * its parent, read as an active main account: it still is one when the create commits, else the
 * create answers `parentChanged` (the domain's words for it).
 */
export async function insertAccount(companyId: number, a: Account, parentChanged?: Error): Promise<void> {
  await transactWrite([
    {
      item: {
        Put: { TableName: tableName(), Item: toItem(companyId, a), ConditionExpression: 'attribute_not_exists(pk)' },
      },
    },
    {
      item: auditPut({
        companyId,
        who: a.createdBy,
        entity: ENTITY,
        id: a.ID,
        action: 'create',
        before: null,
        after: a,
        at: a.createdAt,
      }),
    },
    ...nameClaimWrites(companyId, null, a),
    ...(a.ParentId === null || !parentChanged ? [] : [activeMainAccountGuard(companyId, a.ParentId, parentChanged)]),
  ]);
}

/**
 * A condition for a write that relies on an account read as an active MAIN account (no parent):
 * it still is when the write commits, else the write answers `changed`.
 */
function activeMainAccountGuard(companyId: number, accountId: number, changed: Error): NamedWrite {
  return {
    conflict: changed,
    item: {
      ConditionCheck: {
        TableName: tableName(),
        Key: keys.account(companyId, accountId),
        ConditionExpression: 'attribute_exists(pk) AND #s = :active AND attribute_type(ParentId, :null)',
        ExpressionAttributeNames: { '#s': 'Status' },
        ExpressionAttributeValues: { ':active': 'Active', ':null': 'NULL' },
      },
    },
  };
}

/** Attributes of the activity totals: never written by an account save (see AccountActivityTotals in account-store.ts). */
const TOTALS_ATTRIBUTES = new Set(['ActivitiesCount', 'PlannedBudgetMinor', 'PlannedBudget']);

/**
 * Rewrites an account if nobody saved it since `before.version`, together with any sub-account
 * changes (VAT copied down) and one audit entry per changed account — all or nothing.
 */
export async function replaceAccounts(
  companyId: number,
  changes: { before: Account; after: Account }[],
  action: 'update' | 'archive' | 'restore',
): Promise<void> {
  const items: TransactItem[] = [];
  const claims: NamedWrite[] = [];
  for (const { before, after } of changes) {
    // SET every attribute rather than Put the item, so the activity totals (ADDed by activity
    // changes, not part of Account) survive an account save.
    const { pk, sk, ...attrs } = toItem(companyId, after);
    const set = Object.entries(attrs).filter(([name, v]) => v !== undefined && !TOTALS_ATTRIBUTES.has(name));
    items.push({
      Update: {
        TableName: tableName(),
        Key: { pk, sk },
        UpdateExpression: `SET ${set.map((_, i) => `#a${i} = :a${i}`).join(', ')}`,
        ConditionExpression: 'attribute_exists(pk) AND version = :v',
        ExpressionAttributeNames: Object.fromEntries(set.map(([name], i) => [`#a${i}`, name])),
        ExpressionAttributeValues: {
          ':v': before.version,
          ...Object.fromEntries(set.map(([, v], i) => [`:a${i}`, v])),
        },
      },
    });
    items.push(
      auditPut({
        companyId,
        who: after.updatedBy,
        entity: ENTITY,
        id: after.ID,
        action,
        before,
        after,
        at: after.updatedAt,
      }),
    );
    claims.push(...nameClaimWrites(companyId, before, after));
  }
  await transactWrite([...items.map((item) => ({ item })), ...claims]);
}
