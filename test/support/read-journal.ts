import { ddb } from '../../lambdas/aws/dynamodb/client';

/**
 * A count of what a call reads from DynamoDB, by what is read: a GetItem (or each key of a
 * BatchGet) by its item's key, a Query by its index and partition. A Query's further pages
 * (ExclusiveStartKey) are the same read and are not counted again. Like write-journal.ts, it wraps
 * the product's one document client, `ddb()`, once per test file; nothing is counted outside
 * `startReadJournal()` … `stopReadJournal()`.
 */

type Send = (command: unknown, ...rest: unknown[]) => Promise<unknown>;
interface ReadInput {
  Key?: Record<string, unknown>;
  IndexName?: string;
  KeyConditionExpression?: string;
  ExpressionAttributeValues?: Record<string, unknown>;
  ExclusiveStartKey?: unknown;
  RequestItems?: Record<string, { Keys?: Record<string, unknown>[] }>;
}

let reads: Map<string, number> | undefined;
let installed = false;

/** What one command reads, as `get <pk> <sk>` or `query <index> <partition>`; [] for a write. */
function readsOf(command: unknown): string[] {
  const name = (command as { constructor?: { name?: string } })?.constructor?.name ?? '';
  const i = ((command as { input?: ReadInput })?.input ?? {}) as ReadInput;
  const get = (k: Record<string, unknown> | undefined) => `get ${String(k?.pk)} ${String(k?.sk)}`;
  switch (name) {
    case 'GetCommand':
      return [get(i.Key)];
    case 'BatchGetCommand':
      return Object.values(i.RequestItems ?? {}).flatMap((r) => (r.Keys ?? []).map(get));
    case 'QueryCommand': {
      if (i.ExclusiveStartKey) return [];
      // The partition is the key condition's first equality: `pk = :pk`, `gsi1pk = :pk`…
      const value = /^\s*#?\w+\s*=\s*(:\w+)/.exec(i.KeyConditionExpression ?? '')?.[1];
      return [`query ${i.IndexName ?? 'table'} ${String(value && i.ExpressionAttributeValues?.[value])}`];
    }
    case 'ScanCommand':
    case 'TransactGetCommand':
      return [name];
    default:
      return [];
  }
}

function install() {
  if (installed) return;
  const client = ddb();
  const raw = client.send.bind(client) as Send;
  (client as unknown as { send: Send }).send = (command: unknown, ...rest: unknown[]) => {
    if (reads) for (const k of readsOf(command)) reads.set(k, (reads.get(k) ?? 0) + 1);
    return raw(command, ...rest);
  };
  installed = true;
}

/** Starts counting the reads of one call (forgets the previous call's). */
export function startReadJournal(): void {
  install();
  reads = new Map();
}

/** Stops counting; how many times each item or partition was read. */
export function stopReadJournal(): Map<string, number> {
  const out = reads ?? new Map<string, number>();
  reads = undefined;
  return out;
}
