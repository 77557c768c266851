import { QueryCommand } from '../../aws/dynamodb/commands';
import type { ConflictError } from '../../core/errors';
import { auditPut } from '../audit';
import { type ItemChange, replaceAllOrNothing } from './chunked-replace';
import { ddb, tableName } from '../../aws/dynamodb/client';
import { companyPk, pad, SK_PREFIX, prefixValues } from '../../aws/dynamodb/keys';
import { MAX_TRANSACT_ITEMS, transactWrite, type TransactItem } from '../../aws/dynamodb/transaction';
import { chunks } from '../../aws/dynamodb/write-helpers';
import type { AccountChannelType } from './account-channel-type-store';

export const ACCOUNT_CHANNEL_TYPE_ENTITY = 'AccountChannelType';

/**
 * Keyed by account and global channel type, so an account holds at most one copy of each global
 * type (two concurrent "init" calls cannot duplicate one); the ID (company counter) names the copy
 * in the API. Lookups by ID read the account's copies (one Query: one per global type, tens).
 */
export const accountChannelTypeKeys = {
  item: (companyId: number, accountId: number, channelTypeId: number) => ({
    pk: companyPk(companyId),
    sk: `ACHTYPE#${pad(accountId)}#${pad(channelTypeId)}`,
  }),
  accountPrefix: (accountId: number) => `ACHTYPE#${pad(accountId)}#`,
};

const toAccountChannelTypeItem = (companyId: number, t: AccountChannelType) => ({
  ...accountChannelTypeKeys.item(companyId, t.AccountId, t.ChannelTypeId),
  entity: ACCOUNT_CHANNEL_TYPE_ENTITY,
  ...t,
});

/** A copy made before copies had a default vendor reads as none. */
function toAccountChannelType(item: Record<string, unknown>): AccountChannelType {
  const { pk: _a, sk: _b, entity: _e, ...rest } = item;
  return { DefaultVendorId: null, ...rest } as unknown as AccountChannelType;
}

/** Every copy of one account (strongly consistent: bulk edits validate against it). */
export async function listAccountChannelTypes(
  companyId: number,
  accountId: number,
  consistent = false,
): Promise<AccountChannelType[]> {
  const all: AccountChannelType[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const out = await ddb().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: SK_PREFIX,
        ExpressionAttributeValues: {
          ':pk': companyPk(companyId),
          ...prefixValues(accountChannelTypeKeys.accountPrefix(accountId)),
        },
        ConsistentRead: consistent,
        ExclusiveStartKey: startKey,
      }),
    );
    all.push(...(out.Items ?? []).map(toAccountChannelType));
    startKey = out.LastEvaluatedKey;
  } while (startKey);
  return all;
}

/**
 * Creates copies, each with its audit entry; up to 50 per transaction (each is 2 of the 100 items).
 * A copy that exists already (a concurrent init) fails its transaction with 409. Creates are
 * additive and a later "reload" fills any gap, so chunks written before a failure are kept.
 */
export async function insertAccountChannelTypes(
  companyId: number,
  copies: AccountChannelType[],
  conflict: ConflictError,
): Promise<void> {
  for (const piece of chunks(copies, Math.floor(MAX_TRANSACT_ITEMS / 2))) {
    const items: TransactItem[] = piece.flatMap((t) => [
      {
        Put: {
          TableName: tableName(),
          Item: toAccountChannelTypeItem(companyId, t),
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      auditPut({
        companyId,
        who: t.createdBy,
        entity: ACCOUNT_CHANNEL_TYPE_ENTITY,
        id: t.ID,
        action: 'create',
        before: null,
        after: t,
        at: t.createdAt,
      }),
    ]);
    await transactWrite(items, { conflict });
  }
}

/** Bulk edit of copies: one transaction up to 50, else chunks with compensation (all-or-nothing). */
export async function replaceAccountChannelTypes(
  companyId: number,
  changes: { before: AccountChannelType; after: AccountChannelType }[],
  conflict: ConflictError,
) {
  const itemChanges: ItemChange[] = changes.map(({ before, after }) => ({
    before: toAccountChannelTypeItem(companyId, before),
    after: toAccountChannelTypeItem(companyId, after),
    audit: {
      companyId,
      who: after.updatedBy,
      entity: ACCOUNT_CHANNEL_TYPE_ENTITY,
      id: after.ID,
      action: 'update',
      before,
      after,
      at: after.updatedAt,
    },
  }));
  return replaceAllOrNothing(itemChanges, conflict);
}
