import { BatchGetCommand, type BatchGetCommandOutput, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from './client';
import { keys } from './keys';
import { auditPut } from './audit';
import { transact, type TransactItem } from './transact';

export type AccountStatus = 'Active' | 'Archived';

/** An account or sub-account (DOMAIN.md §2). ParentId null = main account. */
export interface Account {
  ID: number;
  Name: string;
  ParentId: number | null;
  Currency: 1 | 2;
  ApplyVat: boolean;
  ManagementFeePct: number;
  ContactName: string;
  ContactEmail: string;
  Phone: string;
  Website: string;
  Status: AccountStatus;
  version: number;
  createdAt: string;
  createdBy: string;
  updatedAt: string;
  updatedBy: string;
}

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

export function toAccount(item: Record<string, unknown>): Account {
  const { pk: _a, sk: _b, gsi1pk: _c, gsi1sk: _d, entity: _e, ...rest } = item;
  return rest as unknown as Account;
}

export async function getAccount(companyId: number, id: number, consistent = false): Promise<Account | undefined> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: keys.account(companyId, id), ConsistentRead: consistent }));
  return out.Item ? toAccount(out.Item) : undefined;
}

/** Several accounts by id (a client user's short list). Unknown ids are simply absent. */
export async function getAccounts(companyId: number, ids: number[]): Promise<Account[]> {
  const found: Account[] = [];
  const unique = [...new Set(ids)];
  for (let i = 0; i < unique.length; i += 100) {
    let request: Record<string, { Keys: Record<string, unknown>[] }> | undefined = {
      [tableName()]: { Keys: unique.slice(i, i + 100).map((id) => keys.account(companyId, id)) },
    };
    // BatchGet may hand back unprocessed keys under load; retry them (bounded).
    for (let attempt = 0; request && attempt < 5; attempt++) {
      const out: BatchGetCommandOutput = await ddb().send(new BatchGetCommand({ RequestItems: request }));
      found.push(...(out.Responses?.[tableName()] ?? []).map(toAccount));
      const rest: { Keys?: Record<string, unknown>[] } | undefined = out.UnprocessedKeys?.[tableName()];
      request = rest?.Keys?.length ? { [tableName()]: { Keys: rest.Keys } } : undefined;
    }
  }
  return found;
}

export interface Page<T> {
  items: T[];
  lastKey?: Record<string, unknown>;
}

/** One page of the accounts under a parent (null = main accounts) in one status, by name. */
export async function listAccountsByParent(
  companyId: number, parentId: number | null, status: AccountStatus, limit: number, startKey?: Record<string, unknown>,
): Promise<Page<Account>> {
  const out = await ddb().send(new QueryCommand({
    TableName: tableName(),
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk AND begins_with(gsi1sk, :status)',
    ExpressionAttributeValues: { ':pk': keys.accountsByParentPk(companyId, parentId), ':status': status === 'Active' ? 'A#' : 'X#' },
    Limit: limit,
    ExclusiveStartKey: startKey,
  }));
  return { items: (out.Items ?? []).map(toAccount), lastKey: out.LastEvaluatedKey };
}

/** Every sub-account of a main account in one status (few per client; paged internally). */
export async function listAllSubAccounts(companyId: number, parentId: number, status: AccountStatus): Promise<Account[]> {
  const all: Account[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await listAccountsByParent(companyId, parentId, status, 500, startKey);
    all.push(...page.items);
    startKey = page.lastKey;
  } while (startKey);
  return all;
}

/** Creates an account; a sub-account's parent must still be an active main account at commit time. */
export async function insertAccount(companyId: number, a: Account): Promise<void> {
  const items: TransactItem[] = [
    { Put: { TableName: tableName(), Item: toItem(companyId, a), ConditionExpression: 'attribute_not_exists(pk)' } },
    auditPut({ companyId, who: a.createdBy, entity: ENTITY, id: a.ID, action: 'create', before: null, after: a, at: a.createdAt }),
  ];
  if (a.ParentId !== null) {
    items.push({
      ConditionCheck: {
        TableName: tableName(),
        Key: keys.account(companyId, a.ParentId),
        ConditionExpression: 'attribute_exists(pk) AND #s = :active AND attribute_type(ParentId, :null)',
        ExpressionAttributeNames: { '#s': 'Status' },
        ExpressionAttributeValues: { ':active': 'Active', ':null': 'NULL' },
      },
    });
  }
  await transact(items, 'The main account was changed or archived meanwhile; reload and try again');
}

/**
 * Replaces an account if nobody saved it since `before.version`, together with any sub-account
 * changes (VAT copied down) and one audit entry per changed account — all or nothing.
 */
export async function replaceAccounts(companyId: number, changes: { before: Account; after: Account }[], action: 'update' | 'archive' | 'restore'): Promise<void> {
  const items: TransactItem[] = [];
  for (const { before, after } of changes) {
    items.push({
      Put: {
        TableName: tableName(),
        Item: toItem(companyId, after),
        ConditionExpression: 'attribute_exists(pk) AND version = :v',
        ExpressionAttributeValues: { ':v': before.version },
      },
    });
    items.push(auditPut({ companyId, who: after.updatedBy, entity: ENTITY, id: after.ID, action, before, after, at: after.updatedAt }));
  }
  await transact(items);
}
