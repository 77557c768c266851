import { GetCommand } from '../../aws/dynamodb/commands';
import { ConflictError } from '../../core/errors';
import { auditPut } from '../audit';
import { ddb, tableName } from '../../aws/dynamodb/client';
import { companyPk, pad, SK_PREFIX, prefixValues } from '../../aws/dynamodb/keys';
import { queryAll } from '../../aws/dynamodb/query-page';
import { transactWrite, type NamedWrite, type TransactItem } from '../../aws/dynamodb/transaction';
import type { ColumnScope, CustomColumn } from './replies';

/** The stored column is the reply (modules/custom-columns/replies.ts): one declaration. */
export type { CustomColumn };

const ENTITY = 'CustomColumn';

export const customColumnKeys = {
  item: (companyId: number, id: number) => ({ pk: companyPk(companyId), sk: `CUSTOMCOL#${pad(id)}` }),
  /** Name guard: an active column's name is unique per company and scope (case-insensitive). */
  name: (companyId: number, scope: ColumnScope, name: string) => ({
    pk: companyPk(companyId),
    sk: `CUSTOMCOLNAME#${scope}#${name.trim().toLowerCase()}`,
  }),
  listPrefix: 'CUSTOMCOL#',
};

const toItem = (companyId: number, c: CustomColumn) => ({
  ...customColumnKeys.item(companyId, c.ID),
  entity: ENTITY,
  ...c,
});

function toColumn(item: Record<string, unknown>): CustomColumn {
  const { pk: _a, sk: _b, entity: _e, ...rest } = item;
  return rest as unknown as CustomColumn;
}

export async function getCustomColumn(
  companyId: number,
  id: number,
  consistent = false,
): Promise<CustomColumn | undefined> {
  const out = await ddb().send(
    new GetCommand({ TableName: tableName(), Key: customColumnKeys.item(companyId, id), ConsistentRead: consistent }),
  );
  return out.Item ? toColumn(out.Item) : undefined;
}

/** The company's columns in one status (a handful; paged internally). */
export async function listCustomColumns(
  companyId: number,
  status: CustomColumn['Status'] = 'Active',
): Promise<CustomColumn[]> {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: SK_PREFIX,
    FilterExpression: '#s = :s',
    ExpressionAttributeNames: { '#s': 'Status' },
    ExpressionAttributeValues: {
      ':pk': companyPk(companyId),
      ...prefixValues(customColumnKeys.listPrefix),
      ':s': status,
    },
  });
  return items.map(toColumn);
}

const nameGuard = (companyId: number, c: CustomColumn): TransactItem => ({
  Put: {
    TableName: tableName(),
    Item: { ...customColumnKeys.name(companyId, c.Scope, c.Name), entity: 'CustomColumnName', ID: c.ID },
    ConditionExpression: 'attribute_not_exists(pk)',
  },
});

const dropGuard = (companyId: number, c: CustomColumn): TransactItem => ({
  Delete: { TableName: tableName(), Key: customColumnKeys.name(companyId, c.Scope, c.Name) },
});

/** A scope as messages name it. */
export const SCOPE_LABELS: Record<ColumnScope, string> = { mediaPlan: 'media plan', performance: 'performance' };

const duplicate = (c: CustomColumn) =>
  new ConflictError(
    `customColumn.Name: a ${SCOPE_LABELS[c.Scope]} column named "${c.Name}" exists already`,
    'NAME_TAKEN',
    { entity: 'CustomColumn', name: c.Name },
  );

const nameTakenOnRestore = (c: CustomColumn) =>
  new ConflictError(
    `Custom column ${c.ID} cannot be restored: an active ${SCOPE_LABELS[c.Scope]} column named "${c.Name}" exists now; rename or archive that one first`,
    'NAME_TAKEN',
    { entity: 'CustomColumn', name: c.Name },
  );

export async function insertCustomColumn(companyId: number, c: CustomColumn): Promise<void> {
  await transactWrite([
    {
      item: {
        Put: { TableName: tableName(), Item: toItem(companyId, c), ConditionExpression: 'attribute_not_exists(pk)' },
      },
      conflict: new ConflictError(`Custom column ${c.ID} exists already`, 'ALREADY_EXISTS', {
        entity: 'CustomColumn',
        id: c.ID,
      }),
    },
    { item: nameGuard(companyId, c), conflict: duplicate(c) },
    {
      item: auditPut({
        companyId,
        who: c.createdBy,
        entity: ENTITY,
        id: c.ID,
        action: 'create',
        before: null,
        after: c,
        at: c.createdAt,
      }),
    },
  ]);
}

/**
 * Replaces a column if nobody saved it since `before.version`. A rename or a scope change moves the
 * name guard; archiving releases it (the name can be used again); restoring takes it again (409 if
 * an active column has the name now).
 */
export async function replaceCustomColumn(
  companyId: number,
  before: CustomColumn,
  after: CustomColumn,
  action: 'update' | 'archive' | 'restore',
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
    {
      item: auditPut({
        companyId,
        who: after.updatedBy,
        entity: ENTITY,
        id: after.ID,
        action,
        before,
        after,
        at: after.updatedAt,
      }),
    },
  ];
  const guardOf = (c: CustomColumn) => customColumnKeys.name(companyId, c.Scope, c.Name).sk;
  if (action === 'archive') {
    items.push({ item: dropGuard(companyId, before) });
  } else if (action === 'restore') {
    items.push({ item: nameGuard(companyId, after), conflict: nameTakenOnRestore(after) });
  } else if (guardOf(before) !== guardOf(after)) {
    items.push(
      { item: dropGuard(companyId, before) },
      { item: nameGuard(companyId, after), conflict: duplicate(after) },
    );
  }
  await transactWrite(items, { conflict: stale });
}
