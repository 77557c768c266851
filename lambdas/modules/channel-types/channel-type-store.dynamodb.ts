import { GetCommand, QueryCommand } from '../../aws/dynamodb/commands';
import { ConflictError } from '../../core/errors';
import { auditPut } from '../audit';
import { ddb, tableName } from '../../aws/dynamodb/client';
import { companyPk, pad, SK_PREFIX, prefixValues } from '../../aws/dynamodb/keys';
import { transactWrite, type NamedWrite } from '../../aws/dynamodb/transaction';
import type { ChannelType } from './channel-type-store';
import { queryAll } from '../../aws/dynamodb/query-page';

/**
 * The global channel-type catalogue is platform data, maintained by system administrators. It lives
 * in the platform partition `C#0`: company id 0 is the platform "company", which no agency has
 * (agency ids start at 1), so the catalogue is the one set of business items not keyed by the
 * caller's company. Its id counter and audit trail are the platform's too (`C#0`, `C#0#AUDIT`).
 */
export const PLATFORM_COMPANY_ID = 0;

const ENTITY = 'ChannelType';

export const channelTypeKeys = {
  item: (id: number) => ({ pk: companyPk(PLATFORM_COMPANY_ID), sk: `CHTYPE#${pad(id)}` }),
  /** Name guard: names are unique in the catalogue (case-insensitive). */
  name: (name: string) => ({ pk: companyPk(PLATFORM_COMPANY_ID), sk: `CHTYPENAME#${name.trim().toLowerCase()}` }),
  listPrefix: 'CHTYPE#',
};

/** What is stored of a channel type: never a company's default vendor (CHTYPEVENDOR# items hold those). */
function toItem(t: ChannelType) {
  const { DefaultVendorId: _d, ...stored } = t as ChannelType & { DefaultVendorId?: unknown };
  return { ...channelTypeKeys.item(t.ID), entity: ENTITY, ...stored };
}

function toChannelType(item: Record<string, unknown>): ChannelType {
  const { pk: _a, sk: _b, entity: _e, ...rest } = item;
  return rest as unknown as ChannelType;
}

/**
 * A company's default vendor for a global type: in the company's partition, since the catalogue is
 * the platform's and a vendor id means something in one company only.
 */
export const companyDefaultVendorKeys = {
  item: (companyId: number, typeId: number) => ({ pk: companyPk(companyId), sk: `CHTYPEVENDOR#${pad(typeId)}` }),
  prefix: 'CHTYPEVENDOR#',
};

/** The company's default vendors of global channel types, by channel type id (tens at most: one Query). */
export async function companyDefaultVendors(companyId: number): Promise<Map<number, number>> {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: SK_PREFIX,
    ExpressionAttributeValues: { ':pk': companyPk(companyId), ...prefixValues(companyDefaultVendorKeys.prefix) },
  });
  return new Map(items.map((i) => [Number(i.ChannelTypeId), Number(i.VendorId)]));
}

/** Sets (or, with null, clears) a company's default vendor of a global type, audited in the company. */
export function companyDefaultVendorWrites(
  companyId: number,
  typeId: number,
  change: { before: number | null; after: number | null; who: string; at: string },
): NamedWrite[] {
  const key = companyDefaultVendorKeys.item(companyId, typeId);
  const write: NamedWrite =
    change.after === null
      ? { item: { Delete: { TableName: tableName(), Key: key } } }
      : {
          item: {
            Put: {
              TableName: tableName(),
              Item: { ...key, entity: 'ChannelTypeVendor', ChannelTypeId: typeId, VendorId: change.after },
            },
          },
        };
  const audit = auditPut({
    companyId,
    who: change.who,
    entity: ENTITY,
    id: typeId,
    action: 'update',
    before: { DefaultVendorId: change.before },
    after: { DefaultVendorId: change.after },
    at: change.at,
  });
  return [write, { item: audit }];
}

export async function getChannelType(id: number, consistent = false): Promise<ChannelType | undefined> {
  const out = await ddb().send(
    new GetCommand({ TableName: tableName(), Key: channelTypeKeys.item(id), ConsistentRead: consistent }),
  );
  return out.Item ? toChannelType(out.Item) : undefined;
}

/** The whole catalogue (tens of items; paged internally), in key (id) order. */
export async function listChannelTypes(): Promise<ChannelType[]> {
  const all: ChannelType[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const out = await ddb().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: SK_PREFIX,
        ExpressionAttributeValues: {
          ':pk': companyPk(PLATFORM_COMPANY_ID),
          ...prefixValues(channelTypeKeys.listPrefix),
        },
        ExclusiveStartKey: startKey,
      }),
    );
    all.push(...(out.Items ?? []).map(toChannelType));
    startKey = out.LastEvaluatedKey;
  } while (startKey);
  return all;
}

const nameGuard = (t: ChannelType) => ({
  Put: {
    TableName: tableName(),
    Item: { ...channelTypeKeys.name(t.Name), entity: 'ChannelTypeName', ID: t.ID },
    ConditionExpression: 'attribute_not_exists(pk)',
  },
});

const nameTaken = (name: string) =>
  new ConflictError(`A channel type named "${name}" exists already`, 'NAME_TAKEN', { entity: 'ChannelType', name });

/** Creates a channel type with its name guard and audit entry in one transaction. */
export async function insertChannelType(t: ChannelType, also: NamedWrite[] = []): Promise<void> {
  await transactWrite([
    {
      item: { Put: { TableName: tableName(), Item: toItem(t), ConditionExpression: 'attribute_not_exists(pk)' } },
      conflict: new ConflictError(`Channel type ${t.ID} exists already`, 'ALREADY_EXISTS', {
        entity: 'ChannelType',
        id: t.ID,
      }),
    },
    { item: nameGuard(t), conflict: nameTaken(t.Name) },
    {
      item: auditPut({
        companyId: PLATFORM_COMPANY_ID,
        who: t.createdBy,
        entity: ENTITY,
        id: t.ID,
        action: 'create',
        before: null,
        after: t,
        at: t.createdAt,
      }),
    },
    ...also,
  ]);
}

/**
 * Replaces a channel type if nobody saved it since `before.version`; a rename moves the name guard
 * in the same transaction. 409 names the cause (stale version or name taken).
 */
export async function replaceChannelType(
  before: ChannelType,
  after: ChannelType,
  stale: ConflictError,
  also: NamedWrite[] = [],
): Promise<void> {
  const items: NamedWrite[] = [
    {
      item: {
        Put: {
          TableName: tableName(),
          Item: toItem(after),
          ConditionExpression: 'attribute_exists(pk) AND version = :v',
          ExpressionAttributeValues: { ':v': before.version },
        },
      },
      conflict: stale,
    },
    {
      item: auditPut({
        companyId: PLATFORM_COMPANY_ID,
        who: after.updatedBy,
        entity: ENTITY,
        id: after.ID,
        action: 'update',
        before,
        after,
        at: after.updatedAt,
      }),
    },
  ];
  if (channelTypeKeys.name(before.Name).sk !== channelTypeKeys.name(after.Name).sk) {
    items.push(
      { item: { Delete: { TableName: tableName(), Key: channelTypeKeys.name(before.Name) } } },
      { item: nameGuard(after), conflict: nameTaken(after.Name) },
    );
  }
  await transactWrite([...items, ...also], { conflict: stale });
}
