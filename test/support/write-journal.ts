import { BatchGetCommand, ScanCommand, type BatchGetCommandOutput } from '../../lambdas/aws/dynamodb/commands';
import { ddb, tableName } from '../../lambdas/aws/dynamodb/client';

/**
 * A journal of every item a call writes, with the item as it was before the call's first write to
 * it: the cheap, exact way to prove that a refused call left the table unchanged.
 *
 * Every write of the product goes through the one document client, `ddb()`
 * (lambdas/aws/dynamodb/client.ts). `startWriteJournal()` wraps that client's `send`: before a
 * write command (Put, Update, Delete, TransactWrite, BatchWrite) leaves, the items it may touch are
 * read (consistent BatchGet) unless this call already recorded them. After the call,
 * `changedItems()` reads those keys again and returns the ones that differ. An item the call never
 * wrote to cannot have changed, so comparing the written keys compares the whole table — at the
 * cost of one read per write, where a whole-table Scan per call would grow with the table. A call
 * refused by validation writes nothing and costs nothing. A write that is undone before the call
 * answers (a compensated bulk edit, a failed conditional write) is rightly reported as no change.
 *
 * What it cannot see is a write made through another client; the fuzz suite therefore also
 * compares whole-table snapshots on a sample of refused calls (see its header).
 */

type Key = { pk: string; sk: string };
type Item = Record<string, unknown>;
/** What the document client's write commands carry (the parts naming items). */
interface WriteInput {
  Item?: Item;
  Key?: Item;
  TransactItems?: { Put?: { Item: Item }; Update?: { Key: Item }; Delete?: { Key: Item } }[];
  RequestItems?: Record<string, { PutRequest?: { Item: Item }; DeleteRequest?: { Key: Item } }[]>;
}
interface Command {
  constructor: { name: string };
  input: WriteInput;
}
type Send = (command: unknown, ...rest: unknown[]) => Promise<unknown>;

const WRITES = new Set(['PutCommand', 'UpdateCommand', 'DeleteCommand', 'TransactWriteCommand', 'BatchWriteCommand']);
const READS = /^(Get|BatchGet|Query|Scan|Describe|List)/;

/** The keys a write command may change. Throws for a command it does not know. */
function keysOf(command: Command): Key[] {
  const name = command.constructor.name;
  const i = command.input;
  const key = (k: Item | undefined): Key => ({ pk: String(k?.pk), sk: String(k?.sk) });
  switch (name) {
    case 'PutCommand':
      return [key(i.Item)];
    case 'UpdateCommand':
    case 'DeleteCommand':
      return [key(i.Key)];
    case 'TransactWriteCommand':
      return (i.TransactItems ?? []).flatMap((t) =>
        t.Put ? [key(t.Put.Item)] : t.Update ? [key(t.Update.Key)] : t.Delete ? [key(t.Delete.Key)] : [],
      );
    case 'BatchWriteCommand':
      return Object.values(i.RequestItems ?? {})
        .flat()
        .map((r) => key(r.PutRequest ? r.PutRequest.Item : r.DeleteRequest?.Key));
    default:
      throw new Error(`write journal: cannot tell which items ${name} writes`);
  }
}

const id = (k: Key) => JSON.stringify([k.pk, k.sk]);

/** JSON with keys sorted at every depth (sets as sorted arrays), so equal items compare equal as text. */
export function stableJson(value: unknown): string {
  if (value instanceof Set) return stableJson([...value].sort());
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableJson((value as Item)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

let before: Map<string, { key: Key; item: string }> | undefined;
let installed = false;
let rawSend: Send | undefined;

async function readItems(keys: Key[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  const unique = [...new Map(keys.map((k) => [id(k), k])).values()];
  for (let i = 0; i < unique.length; i += 100) {
    let request: BatchGetCommandOutput['UnprocessedKeys'] = {
      [tableName()]: { Keys: unique.slice(i, i + 100), ConsistentRead: true },
    };
    while (request) {
      const out = (await rawSend!(new BatchGetCommand({ RequestItems: request }))) as BatchGetCommandOutput;
      for (const item of out.Responses?.[tableName()] ?? []) found.set(id(item as Key), stableJson(item));
      const rest = out.UnprocessedKeys?.[tableName()];
      request = rest?.Keys?.length ? { [tableName()]: rest } : undefined;
    }
  }
  return found;
}

/** Wraps `ddb().send` once per test file (the module registry is per file). */
function install() {
  if (installed) return;
  const client = ddb();
  rawSend = client.send.bind(client) as Send;
  (client as unknown as { send: Send }).send = async (command: unknown, ...rest: unknown[]) => {
    const name: string = (command as Command | undefined)?.constructor?.name ?? '';
    if (before && !READS.test(name)) {
      if (!WRITES.has(name)) throw new Error(`write journal: unknown command ${name}`);
      const fresh = keysOf(command as Command).filter((k) => !before!.has(id(k)));
      if (fresh.length) {
        const items = await readItems(fresh);
        for (const k of fresh)
          if (!before.has(id(k))) before.set(id(k), { key: k, item: items.get(id(k)) ?? 'absent' });
      }
    }
    return rawSend!(command, ...rest);
  };
  installed = true;
}

/** Starts recording the writes of one call (forgets the previous call's). */
export function startWriteJournal(): void {
  install();
  before = new Map();
}

export interface ItemChange {
  pk: string;
  sk: string;
  /** The item as stable JSON, or 'absent'. */
  before: string;
  after: string;
}

/** Stops recording; the items the call changed (empty: the table is as it was before the call). */
export async function changedItems(): Promise<ItemChange[]> {
  const touched = before ?? new Map();
  before = undefined;
  if (!touched.size) return [];
  const now = await readItems([...touched.values()].map((t) => t.key));
  const changed: ItemChange[] = [];
  for (const [k, t] of touched) {
    const after = now.get(k) ?? 'absent';
    if (after !== t.item) changed.push({ pk: t.key.pk, sk: t.key.sk, before: t.item, after });
  }
  return changed;
}

/**
 * Every item of the current table as stable JSON, sorted: the whole-table snapshot that checks the
 * journal. Unlike world.ts's tableSnapshot() it does not wait for the jest run's stream poller,
 * which watches the shared table only (the fuzz suite's table has none).
 */
export async function wholeTable(): Promise<string[]> {
  const items: string[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const out = await ddb().send(new ScanCommand({ TableName: tableName(), ExclusiveStartKey }));
    items.push(...(out.Items ?? []).map(stableJson));
    ExclusiveStartKey = out.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items.sort();
}
