import { GetCommand } from '../../aws/dynamodb/commands';
import { ConflictError } from '../../core/errors';
import { auditPut } from '../audit';
import { ddb, tableName } from '../../aws/dynamodb/client';
import { companyPk, pad, SK_PREFIX, prefixValues } from '../../aws/dynamodb/keys';
import { pageOfList, type ListPage } from '../../aws/dynamodb/page-token';
import { queryAll } from '../../aws/dynamodb/query-page';
import { transactWrite } from '../../aws/dynamodb/transaction';
import type { Order, OrderAction } from './store';

const ENTITY = 'Order';

/**
 * Keys (docs/table-design.md): the order `C#<cid>` / `ORDER#<id>`; its guard, one per activity and
 * vendor, `C#<cid>` / `ORDERFOR#<activityId>#<vendorId>` → OrderId, so a vendor has at most one
 * order per activity even when two GenerateOrders run together.
 */
export const orderKeys = {
  item: (companyId: number, id: number) => ({ pk: companyPk(companyId), sk: `ORDER#${pad(id)}` }),
  guard: (companyId: number, activityId: number, vendorId: number) => ({
    pk: companyPk(companyId),
    sk: `ORDERFOR#${pad(activityId)}#${pad(vendorId)}`,
  }),
  listPrefix: 'ORDER#',
};

const toItem = (companyId: number, o: Order) => ({ ...orderKeys.item(companyId, o.ID), entity: ENTITY, ...o });

function toOrder(item: Record<string, unknown>): Order {
  const { pk: _a, sk: _b, entity: _e, ...rest } = item;
  return rest as unknown as Order;
}

export async function getOrder(companyId: number, id: number, consistent = false): Promise<Order | undefined> {
  const out = await ddb().send(
    new GetCommand({ TableName: tableName(), Key: orderKeys.item(companyId, id), ConsistentRead: consistent }),
  );
  return out.Item ? toOrder(out.Item) : undefined;
}

export async function getOrderOf(
  companyId: number,
  activityId: number,
  vendorId: number,
  consistent = false,
): Promise<Order | undefined> {
  const out = await ddb().send(
    new GetCommand({
      TableName: tableName(),
      Key: orderKeys.guard(companyId, activityId, vendorId),
      ConsistentRead: consistent,
    }),
  );
  return typeof out.Item?.OrderId === 'number' ? getOrder(companyId, out.Item.OrderId, consistent) : undefined;
}

/**
 * One page of the company's orders that `keep` keeps (the caller's accounts and filters), newest
 * first. The company's orders are read whole (one Query of its partition's orders) and paged in
 * memory with an offset token, as vendors are.
 */
export async function listOrders(
  companyId: number,
  keep: (o: Order) => boolean,
  limit: number,
  nextToken?: string | null,
): Promise<ListPage<Order>> {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: SK_PREFIX,
    ExpressionAttributeValues: { ':pk': companyPk(companyId), ...prefixValues(orderKeys.listPrefix) },
  });
  const orders = items
    .map(toOrder)
    .filter(keep)
    .sort((a, b) => b.ID - a.ID);
  return pageOfList(orders, nextToken, limit);
}

/** What the audit entry records of an order: everything but each line's months (the item keeps them). */
const audited = (o: Order | null) =>
  o && {
    ...o,
    Lines: o.Lines.map((l) => ({
      LineId: l.LineId,
      StartDate: l.StartDate,
      EndDate: l.EndDate,
      TotalMinor: l.TotalMinor,
    })),
  };

/**
 * Approve locks an order and revoke unlocks it: the audit trail's words for that are finalize and
 * reopen. A send, the vendor's decision and an offline acceptance change the order's record: updates.
 */
const AUDIT_ACTION = {
  update: 'update',
  approve: 'finalize',
  revoke: 'reopen',
  send: 'update',
  decide: 'update',
  offline: 'update',
} as const;

const audit = (companyId: number, before: Order | null, after: Order, action: 'create' | OrderAction) =>
  auditPut({
    companyId,
    who: after.updatedBy,
    entity: ENTITY,
    id: after.ID,
    action: action === 'create' ? 'create' : AUDIT_ACTION[action],
    before: audited(before),
    after: audited(after),
    at: after.updatedAt,
  });

/** Creates an order with its activity-and-vendor guard and audit entry in one transaction. */
export async function insertOrder(companyId: number, o: Order, taken: ConflictError): Promise<void> {
  await transactWrite([
    {
      item: {
        Put: { TableName: tableName(), Item: toItem(companyId, o), ConditionExpression: 'attribute_not_exists(pk)' },
      },
      conflict: new ConflictError(`Order ${o.ID} exists already`, 'ALREADY_EXISTS', { entity: 'Order', id: o.ID }),
    },
    {
      item: {
        Put: {
          TableName: tableName(),
          Item: { ...orderKeys.guard(companyId, o.ActivityId, o.VendorId), entity: 'OrderFor', OrderId: o.ID },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      conflict: taken,
    },
    { item: audit(companyId, null, o, 'create') },
  ]);
}

/** Replaces an order if nobody wrote it since `before.version`, with its audit entry. */
export async function replaceOrder(
  companyId: number,
  before: Order,
  after: Order,
  action: OrderAction,
  stale: ConflictError,
): Promise<void> {
  await transactWrite(
    [
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
    ],
    { conflict: stale },
  );
}
