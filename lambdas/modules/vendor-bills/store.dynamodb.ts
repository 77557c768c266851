import { GetCommand } from '../../aws/dynamodb/commands';
import { ConflictError } from '../../core/errors';
import { auditPut } from '../audit';
import { ddb, tableName } from '../../aws/dynamodb/client';
import { companyPk, pad, SK_PREFIX, prefixValues } from '../../aws/dynamodb/keys';
import { queryAll } from '../../aws/dynamodb/query-page';
import { transactWrite, type Write } from '../../aws/dynamodb/transaction';
import { payablesWrites } from './payables-store.dynamodb';
import type { BillAction, BillRow, VendorBill } from './store';

export { billRowsPage, openRowsDueIn, payablesCounters } from './payables-store.dynamodb';

const ENTITY = 'VendorBill';

/** Case and white space do not make another reference: "INV 1" and "inv1" are one bill. */
export const normalisedRef = (ref: string) => ref.toLowerCase().replace(/\s+/g, '');

/**
 * Keys (docs/table-design.md): the bill `C#<cid>` / `VBILL#<id>`; its payables row
 * `VBROW#<due date>#<id>` (the bill without its lists, so the list reads small items already in
 * due-date order); its guard `VBREF#<vendorId>#<normalised ref>` → BillId, so a vendor's reference
 * names one bill even when two saves run together.
 */
export const billKeys = {
  item: (companyId: number, id: number) => ({ pk: companyPk(companyId), sk: `VBILL#${pad(id)}` }),
  row: (companyId: number, b: Pick<VendorBill, 'ID' | 'DueDate'>) => ({
    pk: companyPk(companyId),
    sk: `VBROW#${b.DueDate}#${pad(b.ID)}`,
  }),
  guard: (companyId: number, vendorId: number, ref: string) => ({
    pk: companyPk(companyId),
    sk: `VBREF#${pad(vendorId)}#${normalisedRef(ref)}`,
  }),
  rowPrefix: 'VBROW#',
};

function strip(item: Record<string, unknown>): Record<string, unknown> {
  const { pk: _a, sk: _b, entity: _e, ...rest } = item;
  return rest;
}

export function rowOf(b: VendorBill): BillRow {
  const { PaymentTerms: _t, Reasons: _r, Override: _o, Payments: _p, ...row } = b;
  return row;
}

export async function getBill(companyId: number, id: number, consistent = false): Promise<VendorBill | undefined> {
  const out = await ddb().send(
    new GetCommand({ TableName: tableName(), Key: billKeys.item(companyId, id), ConsistentRead: consistent }),
  );
  return out.Item ? (strip(out.Item) as unknown as VendorBill) : undefined;
}

export async function billWithRef(companyId: number, vendorId: number, vendorRef: string): Promise<number | undefined> {
  const out = await ddb().send(
    new GetCommand({
      TableName: tableName(),
      Key: billKeys.guard(companyId, vendorId, vendorRef),
      ConsistentRead: true,
    }),
  );
  return typeof out.Item?.BillId === 'number' ? out.Item.BillId : undefined;
}

/** Every payables row of the company (one Query of small items), by due date then id. */
export async function allBillRows(companyId: number): Promise<BillRow[]> {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: SK_PREFIX,
    ExpressionAttributeValues: { ':pk': companyPk(companyId), ...prefixValues(billKeys.rowPrefix) },
  });
  return items.map((i) => strip(i) as unknown as BillRow);
}

/** Approving locks a bill for payment: the audit trail's word for that is finalize. */
const AUDIT_ACTION = {
  create: 'create',
  update: 'update',
  override: 'update',
  approve: 'finalize',
  payment: 'update',
} as const;

const put = (Item: Record<string, unknown>, ConditionExpression?: string, values?: Record<string, unknown>) => ({
  Put: {
    TableName: tableName(),
    Item,
    ...(ConditionExpression ? { ConditionExpression } : {}),
    ...(values ? { ExpressionAttributeValues: values } : {}),
  },
});
const del = (Key: Record<string, unknown>) => ({ Delete: { TableName: tableName(), Key } });

/** The guard and row writes a change needs: moved when the reference (or vendor) or the due date changed. */
function companions(
  companyId: number,
  before: VendorBill | null,
  after: VendorBill,
  duplicate: ConflictError,
): Write[] {
  const out: Write[] = [];
  const guard = billKeys.guard(companyId, after.VendorId, after.VendorRef);
  const oldGuard = before && billKeys.guard(companyId, before.VendorId, before.VendorRef);
  if (!oldGuard || oldGuard.sk !== guard.sk) {
    if (oldGuard) out.push(del(oldGuard));
    out.push({
      item: put({ ...guard, entity: 'VendorBillRef', BillId: after.ID }, 'attribute_not_exists(pk)'),
      conflict: duplicate,
    });
  }
  const row = billKeys.row(companyId, after);
  if (before && billKeys.row(companyId, before).sk !== row.sk) out.push(del(billKeys.row(companyId, before)));
  out.push(put({ ...row, entity: 'VendorBillRow', ...rowOf(after) }));
  return [...out, ...payablesWrites(companyId, before && rowOf(before), rowOf(after))];
}

export async function writeBill(
  companyId: number,
  before: VendorBill | null,
  after: VendorBill,
  action: BillAction,
  errors: { duplicate: ConflictError; stale: ConflictError },
): Promise<void> {
  const item = { ...billKeys.item(companyId, after.ID), entity: ENTITY, ...after };
  const main: Write = before
    ? { item: put(item, 'attribute_exists(pk) AND version = :v', { ':v': before.version }), conflict: errors.stale }
    : {
        item: put(item, 'attribute_not_exists(pk)'),
        conflict: new ConflictError(`Vendor bill ${after.ID} exists already`, 'ALREADY_EXISTS', {
          entity: ENTITY,
          id: after.ID,
        }),
      };
  const audit = auditPut({
    companyId,
    who: after.updatedBy,
    entity: ENTITY,
    id: after.ID,
    action: AUDIT_ACTION[action],
    before,
    after,
    at: after.updatedAt,
  });
  await transactWrite([main, ...companions(companyId, before, after, errors.duplicate), audit], {
    conflict: errors.stale,
  });
}
