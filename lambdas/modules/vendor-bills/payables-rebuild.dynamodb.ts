import { ddb, tableName } from '../../aws/dynamodb/client';
import { DeleteCommand, PutCommand } from '../../aws/dynamodb/commands';
import { companyPk, prefixValues, SK_PREFIX } from '../../aws/dynamodb/keys';
import { queryAll, queryPage } from '../../aws/dynamodb/query-page';
import { payablesItemsOf } from './payables-store.dynamodb';
import { allBillRows, billKeys } from './store.dynamodb';

/**
 * The payables counters and open rows rebuilt from a company's bill rows: for bills written before
 * they existed (a stage's older data, an older `npm start` data folder). Absolute, so running it
 * again gives the same items; run it while nobody saves or pays a bill of the company, since a
 * write in between would be counted from rows read before it.
 */
const DERIVED = ['VBTOT#', 'VBOPEN#'];
const IN_FLIGHT = 8;

async function keysWithPrefix(companyId: number, prefix: string): Promise<{ pk: string; sk: string }[]> {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: SK_PREFIX,
    ExpressionAttributeValues: { ':pk': companyPk(companyId), ...prefixValues(prefix) },
    ProjectionExpression: 'pk, sk',
  });
  return items.map((i) => ({ pk: String(i.pk), sk: String(i.sk) }));
}

async function inPool<T>(list: readonly T[], each: (x: T) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < list.length; i += IN_FLIGHT) await Promise.all(list.slice(i, i + IN_FLIGHT).map(each));
}

/** Whether the company has bills but no counters yet (the list's fast path would show nothing of them). */
export async function payablesTotalsMissing(companyId: number): Promise<boolean> {
  const first = async (prefix: string) =>
    (
      await queryPage(
        {
          TableName: tableName(),
          KeyConditionExpression: SK_PREFIX,
          ExpressionAttributeValues: { ':pk': companyPk(companyId), ...prefixValues(prefix) },
          ProjectionExpression: 'pk, sk',
        },
        1,
        undefined,
        ['pk', 'sk'],
      )
    ).items.length > 0;
  return (await first(billKeys.rowPrefix)) && !(await first('VBTOT#'));
}

/** Rebuilds them: the derived items removed, then those of the rows written; what it wrote and removed. */
export async function rebuildPayablesTotals(
  companyId: number,
): Promise<{ rows: number; written: number; removed: number }> {
  const rows = await allBillRows(companyId);
  const stale = (await Promise.all(DERIVED.map((p) => keysWithPrefix(companyId, p)))).flat();
  await inPool(stale, (Key) => ddb().send(new DeleteCommand({ TableName: tableName(), Key })));
  const items = payablesItemsOf(companyId, rows);
  await inPool(items, (Item) => ddb().send(new PutCommand({ TableName: tableName(), Item })));
  return { rows: rows.length, written: items.length, removed: stale.length };
}
