import { keys, partitionCompany } from './keys';
import { DynamoDBError, type DynamoReply } from './wire';

/**
 * The registry of each company's partitions (docs/table-design.md "Partition registry"): one item
 * `C#<cid>#PARTS` / `<pk>` for every partition of the company other than `C#<cid>` itself, and for
 * every pointer outside its partitions that names it (`SUB#<sub>`, `EMAIL#<address>`). The company
 * data jobs Query these instead of reading the whole table, which a deployment shared by many
 * agencies could not afford (docs/scale.md).
 *
 * It is kept by the one document client (client.ts): a write that may create an item has the
 * partitions it names registered before it or in the same transaction (`PartitionRegistrar`). So an
 * item is never stored in a partition the registry does not name, whatever store wrote it, and no
 * write path has to remember it; a write refused by its condition registers nothing.
 */

type Item = Record<string, unknown>;
type Caller = (operation: string, input: object) => Promise<DynamoReply>;

/** The parts of a write command's input (document values) that name the items it may create. */
export interface WriteInput {
  TableName?: string;
  Item?: Item;
  Key?: Item;
  TransactItems?: { Put?: { TableName?: string; Item: Item }; Update?: { TableName?: string; Key: Item } }[];
  RequestItems?: Record<string, { PutRequest?: { Item: Item } }[]>;
}

/** One partition to register: in which table, for which company. */
export interface Registration {
  table: string;
  companyId: number;
  pk: string;
}

/** What one registration is stored as. */
export const registryItemOf = (companyId: number, pk: string) => ({ pk: keys.partitionsPk(companyId), sk: pk });

/**
 * The partitions a write may create items in: the company's own beyond `C#<cid>` (from the key of a
 * put or an update) and the pointers a put writes outside them with their company in `companyId`.
 * Deletes and condition checks create nothing.
 */
export function registrationsOf(operation: string, input: WriteInput): Registration[] {
  const out: Registration[] = [];
  const add = (table: string | undefined, item: Item | undefined, put: boolean) => {
    const pk = item?.pk;
    if (!table || typeof pk !== 'string') return;
    const companyId = partitionCompany(pk);
    if (companyId !== undefined) {
      if (pk !== keys.partitionsPk(companyId)) out.push({ table, companyId, pk });
    } else if (put && !pk.startsWith('C#') && Number.isSafeInteger(item?.companyId)) {
      out.push({ table, companyId: item?.companyId as number, pk });
    }
  };
  if (operation === 'PutItem') add(input.TableName, input.Item, true);
  else if (operation === 'UpdateItem') add(input.TableName, input.Key, false);
  else if (operation === 'BatchWriteItem') {
    for (const [table, requests] of Object.entries(input.RequestItems ?? {}))
      for (const r of requests) if (r.PutRequest) add(table, r.PutRequest.Item, true);
  } else if (operation === 'TransactWriteItems') {
    for (const t of input.TransactItems ?? []) {
      if (t.Put) add(t.Put.TableName, t.Put.Item, true);
      else if (t.Update) add(t.Update.TableName, t.Update.Key, false);
    }
  }
  return out;
}

/** Partitions remembered as registered by one process before it forgets them all and starts again. */
const MAX_KNOWN = 20_000;
/** BatchWriteItem's and BatchGetItem's limits, and a transaction's. */
const BATCH = 25;
const TRANSACTION = 100;
const RETRY_TRIES = 8;

type Wire = Record<string, unknown>;
const wireKey = (r: Registration) => {
  const item = registryItemOf(r.companyId, r.pk);
  return { pk: { S: item.pk }, sk: { S: item.sk } };
};
const isPointer = (r: Registration) => !r.pk.startsWith('C#');
const idOf = (r: Registration) => `${r.table}|${r.companyId}|${r.pk}`;

/** What to send instead of the write, and how to read its failure. */
export interface Prepared {
  operation: string;
  input: object;
  /** The write succeeded: what it registered is remembered. */
  done(): void;
  /** The write failed: the error to throw. */
  failed(err: unknown): unknown;
  /** Whether to prepare and send the write again (a write sent as a transaction met another). */
  again?(err: unknown): boolean;
}

/**
 * Registers the partitions a write names before or with it. An entry this process has not seen is
 * looked up first (most partitions exist); a missing one is written IN the write's transaction, or
 * a conditional put or update is sent as a transaction with it, so a write refused by its condition
 * registers nothing. Any other write (unconditional, batched) has its entries written just before.
 * A pointer's entry is written with every put of the pointer: the store that removes a pointer
 * removes its entry in the same transaction (an invitation's end), so none is left naming an
 * address that was never a user's.
 */
export class PartitionRegistrar {
  private readonly known = new Set<string>();

  constructor(
    private readonly call: Caller,
    private readonly sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
  ) {}

  async prepare(operation: string, doc: object, wire: object): Promise<Prepared> {
    const plain: Prepared = { operation, input: wire, done: () => undefined, failed: (err) => err };
    const fresh = new Map<string, Registration>();
    const pointers = new Map<string, Registration>();
    for (const r of registrationsOf(operation, doc as WriteInput)) {
      // A pointer's entry goes when the pointer does (an invitation's end): never taken as known.
      if (isPointer(r)) pointers.set(idOf(r), r);
      else if (!this.known.has(idOf(r))) fresh.set(idOf(r), r);
    }
    if (!fresh.size && !pointers.size) return plain;
    const missing = [...(fresh.size ? await this.missing([...fresh.values()]) : []), ...pointers.values()];
    if (!missing.length) return plain;
    const puts = missing.map((r) => ({ Put: { TableName: r.table, Item: wireKey(r) } }));
    const done = () => this.remember(missing);
    const w = wire as Wire;
    const items = w.TransactItems as unknown[] | undefined;
    if (operation === 'TransactWriteItems' && items && items.length + puts.length <= TRANSACTION)
      return { operation, input: { ...w, TransactItems: [...items, ...puts] }, done, failed: (err) => err };
    const single = transactionItemOf(operation, w);
    if (single && puts.length < TRANSACTION)
      return {
        operation: 'TransactWriteItems',
        input: { TransactItems: [single, ...puts] },
        done,
        failed: conditionFailed,
        again: collided,
      };
    for (let i = 0; i < missing.length; i += BATCH) await this.put(missing.slice(i, i + BATCH));
    done();
    return plain;
  }

  private remember(rs: Registration[]): void {
    const kept = rs.filter((r) => !isPointer(r));
    if (this.known.size + kept.length > MAX_KNOWN) this.known.clear();
    for (const r of kept) this.known.add(idOf(r));
  }

  /** The registrations whose entries are not there yet; the ones found are remembered. */
  private async missing(rs: Registration[]): Promise<Registration[]> {
    const found = new Set<string>();
    for (let i = 0; i < rs.length; i += BATCH) {
      let keysByTable: Record<string, { Keys: unknown[] }> = {};
      for (const r of rs.slice(i, i + BATCH)) (keysByTable[r.table] ??= { Keys: [] }).Keys.push(wireKey(r));
      for (let attempt = 1; Object.keys(keysByTable).length; attempt++) {
        if (attempt > RETRY_TRIES) throw new Error('the partition registry could not be read (unprocessed keys)');
        if (attempt > 1) await this.sleep(Math.min(50 * 2 ** attempt, 2_000));
        const reply = await this.call('BatchGetItem', { RequestItems: keysByTable });
        const responses = (reply.output.Responses ?? {}) as Record<string, { sk?: { S?: string } }[]>;
        for (const [table, got] of Object.entries(responses))
          for (const item of got) found.add(`${table}|${item.sk?.S}`);
        keysByTable = (reply.output.UnprocessedKeys ?? {}) as typeof keysByTable;
      }
    }
    const present = rs.filter((r) => found.has(`${r.table}|${r.pk}`));
    this.remember(present);
    return rs.filter((r) => !found.has(`${r.table}|${r.pk}`));
  }

  /** One BatchWriteItem (one table each), its unprocessed puts sent again with a growing wait. */
  private async put(batch: Registration[]): Promise<void> {
    let requests: Record<string, unknown[]> = {};
    for (const r of batch) (requests[r.table] ??= []).push({ PutRequest: { Item: wireKey(r) } });
    for (let attempt = 1; Object.keys(requests).length; attempt++) {
      if (attempt > RETRY_TRIES) throw new Error('the partition registry could not be written (unprocessed items)');
      if (attempt > 1) await this.sleep(Math.min(50 * 2 ** attempt, 2_000));
      const reply = await this.call('BatchWriteItem', { RequestItems: requests });
      requests = (reply.output.UnprocessedItems ?? {}) as Record<string, unknown[]>;
    }
  }
}

const CARRIED = [
  'TableName',
  'ConditionExpression',
  'ExpressionAttributeNames',
  'ExpressionAttributeValues',
  'ReturnValuesOnConditionCheckFailure',
];

/**
 * A conditional put or update as a transaction's item, or undefined for a write that is not
 * conditional, asks for values back (a transaction returns none) or uses the legacy parameters.
 */
function transactionItemOf(operation: string, w: Wire): object | undefined {
  if (operation !== 'PutItem' && operation !== 'UpdateItem') return undefined;
  if (typeof w.ConditionExpression !== 'string') return undefined;
  if ((w.ReturnValues ?? 'NONE') !== 'NONE' || w.Expected || w.AttributeUpdates) return undefined;
  const carried = Object.fromEntries(CARRIED.filter((k) => w[k] !== undefined).map((k) => [k, w[k]]));
  return operation === 'PutItem'
    ? { Put: { ...carried, Item: w.Item } }
    : { Update: { ...carried, Key: w.Key, UpdateExpression: w.UpdateExpression } };
}

/**
 * A write sent as a transaction with its entries that met another transaction on the same items
 * (two first writes to one new partition at once): sent again, it finds the entry written.
 */
function collided(err: unknown): boolean {
  const e = err as { name?: string; CancellationReasons?: { Code?: string }[] };
  return (
    e?.name === 'TransactionCanceledException' && !!e.CancellationReasons?.some((r) => r.Code === 'TransactionConflict')
  );
}

/** A cancelled transaction whose first item's condition failed reads as the single write's failure would. */
function conditionFailed(err: unknown): unknown {
  const e = err as { name?: string; CancellationReasons?: { Code?: string; Item?: unknown }[]; $metadata?: object };
  const first = e?.name === 'TransactionCanceledException' ? e.CancellationReasons?.[0] : undefined;
  if (first?.Code !== 'ConditionalCheckFailed') return err;
  const out = new DynamoDBError('ConditionalCheckFailedException', 'The conditional request failed', e.$metadata ?? {});
  if (first.Item) out.Item = first.Item;
  return out;
}
