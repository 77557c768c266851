import { GetCommand, PutCommand, QueryCommand, ScanCommand } from '../../aws/dynamodb/commands';
import { ddb, tableName } from '../../aws/dynamodb/client';
import { companyPk, keys, partitionCompany } from '../../aws/dynamodb/keys';
import { registryItemOf } from '../../aws/dynamodb/partition-registry';
import { queryAll } from '../../aws/dynamodb/query-page';
import { batchWrite } from '../performance-data';
import { deleteItems, scanCompanyItems, type CompanyItem, type ScanProgress } from './company-items.dynamodb';

/**
 * A company's items found through the partition registry (aws/dynamodb/partition-registry.ts):
 * a Query of its registry, then of `C#<cid>` and each partition it names, instead of reading the
 * whole table. Used once the registry is complete (its mark, written when the table was made or by
 * `recordPartitions` after one Scan of a table from before it); until then the jobs read the table.
 */

/** Partitions read at the same time (as the Scan's segments). */
const READERS = 4;

type Visit = (items: CompanyItem[], progress: ScanProgress) => Promise<void> | void;
export interface FindOptions {
  /** Also the pointers outside its partitions that name it (what a deletion removes). */
  pointers?: boolean;
  keysOnly?: boolean;
}

/** Whether every partition of the table is registered. */
export async function registryComplete(): Promise<boolean> {
  const out = await ddb().send(
    new GetCommand({ TableName: tableName(), Key: keys.partitionRegistry(), ConsistentRead: true }),
  );
  return Boolean(out.Item);
}

/** Marks the registry complete (a new table, or after `recordPartitions`). */
export async function markRegistryComplete(at = new Date()): Promise<void> {
  await ddb().send(
    new PutCommand({ TableName: tableName(), Item: { ...keys.partitionRegistry(), completeAt: at.toISOString() } }),
  );
}

/** The partitions and pointers the registry names for the company, in key order. */
export async function registeredPartitions(companyId: number): Promise<string[]> {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.partitionsPk(companyId) },
    ProjectionExpression: 'sk',
    ConsistentRead: true,
  });
  return items.map((i) => String(i.sk));
}

/** Reads one partition page by page; a pointer's only when it names the company. */
async function readPartition(companyId: number, pk: string, o: FindOptions, page: (out: PageOut) => Promise<void>) {
  const pointer = !pk.startsWith('C#');
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const out = await ddb().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk',
        ...(pointer ? { FilterExpression: 'companyId = :cid' } : {}),
        ExpressionAttributeValues: { ':pk': pk, ...(pointer ? { ':cid': companyId } : {}) },
        ...(o.keysOnly ? { ProjectionExpression: 'pk, sk' } : {}),
        // A deletion's reads see its own deletes (its proof); an export's need not, at half the cost.
        ConsistentRead: Boolean(o.pointers),
        ExclusiveStartKey,
      }),
    );
    await page({ items: (out.Items ?? []) as CompanyItem[], scanned: out.ScannedCount ?? 0 });
    ExclusiveStartKey = out.LastEvaluatedKey;
  } while (ExclusiveStartKey);
}
interface PageOut {
  items: CompanyItem[];
  scanned: number;
}

/**
 * Every item of the company from its registered partitions (and pointers), handed to `visit` one
 * page at a time as `scanCompanyItems` does. The registry's own items are not among them.
 */
export async function readCompanyPartitions(
  companyId: number,
  visit: Visit,
  o: FindOptions = {},
): Promise<ScanProgress> {
  const progress: ScanProgress = { scanned: 0, found: 0 };
  const registered = await registeredPartitions(companyId);
  const own = (pk: string) => partitionCompany(pk) === companyId;
  const queue = [companyPk(companyId), ...registered.filter((pk) => own(pk) || (o.pointers && !pk.startsWith('C#')))];
  let visits: Promise<void> = Promise.resolve();
  const page = async (out: PageOut) => {
    visits = visits.then(async () => {
      progress.scanned += out.scanned;
      progress.found += out.items.length;
      if (out.items.length) await visit(out.items, progress);
    });
    await visits;
  };
  const reader = async () => {
    for (let pk = queue.shift(); pk !== undefined; pk = queue.shift()) await readPartition(companyId, pk, o, page);
  };
  await Promise.all(Array.from({ length: READERS }, reader));
  return progress;
}

/**
 * The company's items, through its registry once that is complete, else by reading the table
 * (the registry's own items left out either way: they are bookkeeping, removed last by a deletion).
 */
export async function findCompanyItems(companyId: number, visit: Visit, o: FindOptions = {}): Promise<ScanProgress> {
  if (await registryComplete()) return readCompanyPartitions(companyId, visit, o);
  const registry = keys.partitionsPk(companyId);
  let left = 0;
  const found = await scanCompanyItems(
    companyId,
    (items, progress) => {
      const kept = items.filter((i) => i.pk !== registry);
      left += items.length - kept.length;
      return kept.length ? visit(kept, progress) : undefined;
    },
    o,
  );
  return { ...found, found: found.found - left };
}

/** Removes the company's registry (the last of a deletion); the number of entries removed. */
export async function forgetCompanyPartitions(companyId: number): Promise<number> {
  const registered = await registeredPartitions(companyId);
  await deleteItems(registered.map((pk) => registryItemOf(companyId, pk)));
  return registered.length;
}

/**
 * One Scan of the table's keys registers every partition and pointer already there, then marks the
 * registry complete (scripts/record-partitions.ts, for a table from before the registry). Writes
 * made meanwhile register themselves. Safe to run again.
 */
export async function recordPartitions(log: (line: string) => void = () => undefined): Promise<number> {
  const seen = new Set<string>();
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await ddb().send(
      new ScanCommand({ TableName: tableName(), ProjectionExpression: 'pk, companyId', ExclusiveStartKey }),
    );
    const fresh: { pk: string; sk: string }[] = [];
    for (const item of page.Items ?? []) {
      const pk = String(item.pk);
      const pointer = !pk.startsWith('C#') && Number.isSafeInteger(item.companyId);
      const companyId = pointer ? Number(item.companyId) : partitionCompany(pk);
      if (companyId === undefined || pk === keys.partitionsPk(companyId) || seen.has(`${companyId}|${pk}`)) continue;
      seen.add(`${companyId}|${pk}`);
      fresh.push(registryItemOf(companyId, pk));
    }
    await batchWrite(
      fresh.map((Item) => ({ PutRequest: { Item } })),
      4,
    );
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  await markRegistryComplete();
  log(`${seen.size} partitions and pointers registered; the registry is complete`);
  return seen.size;
}
