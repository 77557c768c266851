import { createHash } from 'node:crypto';
import { GetCommand } from '../../aws/dynamodb/commands';
import { ConflictError } from '../../core/errors';
import { auditPut } from '../audit';
import { ddb, tableName } from '../../aws/dynamodb/client';
import { companyPk, pad, SK_PREFIX, prefixValues } from '../../aws/dynamodb/keys';
import { pageOfList, type ListPage } from '../../aws/dynamodb/page-token';
import { queryAll } from '../../aws/dynamodb/query-page';
import { transactWrite, type NamedWrite } from '../../aws/dynamodb/transaction';
import { foldName } from '../../shared/normalise-text';
import type { PlatformId } from '../../shared/connector-platforms';
import { platformTaken } from './platforms';
import type { Vendor, VendorAction } from './store';

const ENTITY = 'Vendor';

/**
 * The uniqueness key of a name (shared/normalise-text.ts foldName: case, look-alike letters, invisible
 * marks and repeated spaces aside). A sort key holds at most 1 KB and NFKC can lengthen a name a lot,
 * so a long fold is hashed, as account name claims are.
 */
function nameKey(name: string): string {
  const fold = foldName(name);
  return Buffer.byteLength(fold, 'utf8') > 400 ? `#${createHash('sha256').update(fold).digest('hex')}` : fold;
}

export const vendorKeys = {
  item: (companyId: number, id: number) => ({ pk: companyPk(companyId), sk: `VENDOR#${pad(id)}` }),
  /** Name guard: one per vendor, archived ones included, so a name is unique in the company (nameKey). */
  name: (companyId: number, name: string) => ({ pk: companyPk(companyId), sk: `VENDORNAME#${nameKey(name)}` }),
  /** Platform guard: one per vendor that is an ad platform, archived ones included, so a platform has one vendor. */
  platform: (companyId: number, platform: PlatformId) => ({
    pk: companyPk(companyId),
    sk: `VENDORPLATFORM#${platform}`,
  }),
  listPrefix: 'VENDOR#',
};

const toItem = (companyId: number, v: Vendor) => ({ ...vendorKeys.item(companyId, v.ID), entity: ENTITY, ...v });

/** A vendor saved before vendors had a platform reads as none. */
function toVendor(item: Record<string, unknown>): Vendor {
  const { pk: _a, sk: _b, entity: _e, ...rest } = item;
  return { Platform: null, ...rest } as unknown as Vendor;
}

export async function getVendor(companyId: number, id: number, consistent = false): Promise<Vendor | undefined> {
  const out = await ddb().send(
    new GetCommand({ TableName: tableName(), Key: vendorKeys.item(companyId, id), ConsistentRead: consistent }),
  );
  return out.Item ? toVendor(out.Item) : undefined;
}

/**
 * One page of the company's active (or archived) vendors by name. A company has hundreds of vendors
 * at most, so the list is read whole (one Query of its partition's vendors), filtered by part of the
 * name (folded as names are compared), sorted and paged in memory with an offset token.
 */
export async function listVendors(
  companyId: number,
  filter: { archived: boolean; search: string },
  limit: number,
  nextToken?: string | null,
): Promise<ListPage<Vendor>> {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: SK_PREFIX,
    FilterExpression: 'Archived = :a',
    ExpressionAttributeValues: {
      ':pk': companyPk(companyId),
      ...prefixValues(vendorKeys.listPrefix),
      ':a': filter.archived,
    },
  });
  const search = foldName(filter.search);
  const vendors = items
    .map(toVendor)
    .filter((v) => !search || foldName(v.Name).includes(search))
    .sort((a, b) => a.Name.localeCompare(b.Name) || a.ID - b.ID);
  return pageOfList(vendors, nextToken, limit);
}

const nameGuard = (companyId: number, v: Vendor) => ({
  Put: {
    TableName: tableName(),
    Item: { ...vendorKeys.name(companyId, v.Name), entity: 'VendorName', ID: v.ID },
    ConditionExpression: 'attribute_not_exists(pk)',
  },
});

const nameTaken = (name: string) =>
  new ConflictError(`A vendor named "${name}" exists already`, 'NAME_TAKEN', { entity: 'Vendor', name });

const platformGuard = (companyId: number, v: Vendor & { Platform: PlatformId }) => ({
  Put: {
    TableName: tableName(),
    Item: { ...vendorKeys.platform(companyId, v.Platform), entity: 'VendorPlatform', ID: v.ID },
    ConditionExpression: 'attribute_not_exists(pk)',
  },
});

/** The platform guard's writes of a save: moved when the platform changes, untouched otherwise. */
function platformWrites(companyId: number, before: Vendor | null, after: Vendor): NamedWrite[] {
  const from = before?.Platform ?? null;
  const to = after.Platform;
  if (from === to) return [];
  const writes: NamedWrite[] = [];
  if (from) writes.push({ item: { Delete: { TableName: tableName(), Key: vendorKeys.platform(companyId, from) } } });
  if (to)
    writes.push({
      item: platformGuard(companyId, { ...after, Platform: to }),
      explain: async () => platformTaken(to, await vendorOfPlatform(companyId, to)),
    });
  return writes;
}

/** The company's vendor (active or archived) that is `platform`, if any: its platform guard, then the vendor. */
export async function vendorOfPlatform(companyId: number, platform: PlatformId): Promise<Vendor | undefined> {
  const out = await ddb().send(
    new GetCommand({ TableName: tableName(), Key: vendorKeys.platform(companyId, platform), ConsistentRead: true }),
  );
  const id = out.Item?.ID;
  return typeof id === 'number' ? getVendor(companyId, id, true) : undefined;
}

const audit = (companyId: number, before: Vendor | null, after: Vendor, action: 'create' | VendorAction) =>
  auditPut({
    companyId,
    who: after.updatedBy,
    entity: ENTITY,
    id: after.ID,
    action,
    before,
    after,
    at: after.updatedAt,
  });

/** Creates a vendor with its name guard, its platform guard (when it is a platform) and audit entry in one transaction. */
export async function insertVendor(companyId: number, v: Vendor): Promise<void> {
  await transactWrite([
    {
      item: {
        Put: { TableName: tableName(), Item: toItem(companyId, v), ConditionExpression: 'attribute_not_exists(pk)' },
      },
      conflict: new ConflictError(`Vendor ${v.ID} exists already`, 'ALREADY_EXISTS', { entity: 'Vendor', id: v.ID }),
    },
    { item: nameGuard(companyId, v), conflict: nameTaken(v.Name) },
    ...platformWrites(companyId, null, v),
    { item: audit(companyId, null, v, 'create') },
  ]);
}

/**
 * Replaces a vendor if nobody saved it since `before.version`; a rename (other than of case) moves
 * the name guard, a change of platform the platform guard, in the same transaction. 409 names the
 * cause (stale version, name taken or platform taken).
 */
export async function replaceVendor(
  companyId: number,
  before: Vendor,
  after: Vendor,
  action: VendorAction,
  stale: ConflictError,
): Promise<void> {
  const items: NamedWrite[] = [
    {
      item: {
        Put: {
          TableName: tableName(),
          Item: toItem(companyId, after),
          ConditionExpression: 'attribute_exists(pk) AND version = :v',
          ExpressionAttributeValues: { ':v': before.version },
        },
      },
      conflict: stale,
    },
    { item: audit(companyId, before, after, action) },
  ];
  if (nameKey(before.Name) !== nameKey(after.Name)) {
    items.push(
      { item: { Delete: { TableName: tableName(), Key: vendorKeys.name(companyId, before.Name) } } },
      { item: nameGuard(companyId, after), conflict: nameTaken(after.Name) },
    );
  }
  items.push(...platformWrites(companyId, before, after));
  await transactWrite(items, { conflict: stale });
}
