import { setTimeout as sleep } from 'node:timers/promises';
import { BatchWriteCommand, type BatchWriteCommandOutput } from '../../aws/dynamodb/commands';
import { ddb, tableName } from '../../aws/dynamodb/client';
import { chunks } from '../../aws/dynamodb/write-helpers';

/**
 * BatchWriteItem for the daily grain and its rollups: one-off puts, and the pool a sync feeds while it
 * reads. Part of the daily-stat store's DynamoDB implementation; it speaks in DynamoDB write requests,
 * so it has no interface of its own.
 */

/** Tests and the bench: how many BatchWriteItem calls were sent, and how many came back with unprocessed items. */
export const batchWriteCounters = { calls: 0, retried: 0 };

export type WriteRequest = NonNullable<
  ConstructorParameters<typeof BatchWriteCommand>[0]['RequestItems']
>[string][number];

/**
 * Puts items with BatchWriteItem, 25 a call, `concurrency` calls in flight; unprocessed items are
 * sent again with exponential backoff and jitter, at most 8 times (then it throws: nothing is lost
 * silently, and a re-sync writes them again).
 */
export async function batchPut(items: Record<string, unknown>[], concurrency = 8): Promise<void> {
  await batchWrite(
    items.map((Item): WriteRequest => ({ PutRequest: { Item } })),
    concurrency,
  );
}

export async function batchWrite(requests: WriteRequest[], concurrency: number): Promise<void> {
  const pieces = chunks(requests, 25);
  let next = 0;
  const worker = async () => {
    while (next < pieces.length) await writePiece(pieces[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, pieces.length) }, worker));
}

/** One BatchWriteItem of ≤ 25 requests, its unprocessed items sent again with backoff and jitter, at most 8 tries. */
async function writePiece(piece: WriteRequest[]): Promise<void> {
  let pending = piece;
  for (let attempt = 0; pending.length; attempt++) {
    if (attempt >= 8) throw new Error('BatchWriteItem left unprocessed items after 8 attempts');
    if (attempt) {
      batchWriteCounters.retried++;
      await sleep(Math.random() * 25 * 2 ** attempt);
    }
    batchWriteCounters.calls++;
    const out: BatchWriteCommandOutput = await ddb().send(
      new BatchWriteCommand({ RequestItems: { [tableName()]: pending } }),
    );
    pending = out.UnprocessedItems?.[tableName()] ?? [];
  }
}

const keyOf = (r: WriteRequest): string => {
  const k = (r.PutRequest?.Item ?? r.DeleteRequest?.Key) as Record<string, unknown>;
  return `${String(k.pk)}\u0000${String(k.sk)}`;
};

/**
 * A BatchWriteItem pool fed while a sync reads (the engine adds its changed stats and rollup days as
 * they come): requests leave 25 a call with `concurrency` calls always in flight — no pause at the
 * end of each group of writes waiting for its slowest call. The order of writes of ONE key is kept:
 * a key is never in two calls at once, and a request for a key still queued replaces the older one,
 * so what is stored is the last value added (a rollup day rewritten by a later group, a stat re-read
 * by a retry). `add` waits while more than `highWater` requests are queued (memory stays bounded);
 * `drain` waits until everything added is written. A call that fails (after its retries) stops the
 * pool: `add` and `drain` throw that error.
 */
export class BatchWriter<Tag extends string = string> {
  private readonly queued = new Map<string, { request: WriteRequest; tag: Tag }>();
  private readonly inFlight = new Set<string>();
  private calls = 0;
  private failure: { error: unknown } | undefined;
  private waiters: (() => void)[] = [];
  /** Requests written, by the tag they were added with. */
  readonly written = new Map<Tag, number>();

  constructor(
    private readonly concurrency = 8,
    private readonly highWater = 2000,
  ) {}

  async add(requests: readonly WriteRequest[], tag: Tag): Promise<void> {
    this.throwIfFailed();
    for (const request of requests) {
      const id = keyOf(request);
      this.queued.delete(id); // re-added last: a replaced request keeps no earlier place
      this.queued.set(id, { request, tag });
    }
    this.pump();
    while (this.queued.size > this.highWater && !this.failure) await this.changed();
    this.throwIfFailed();
  }

  async drain(): Promise<void> {
    while ((this.queued.size || this.calls) && !this.failure) await this.changed();
    this.throwIfFailed();
  }

  private pump(): void {
    while (this.calls < this.concurrency && !this.failure && this.queued.size) {
      const ids: string[] = [];
      for (const id of this.queued.keys()) {
        if (this.inFlight.has(id)) continue; // its newer value waits for the call in flight
        ids.push(id);
        if (ids.length === 25) break;
      }
      if (!ids.length) return;
      const sent = ids.map((id) => {
        const q = this.queued.get(id)!;
        this.queued.delete(id);
        this.inFlight.add(id);
        return q;
      });
      this.calls++;
      writePiece(sent.map((q) => q.request))
        .then(
          () => {
            for (const q of sent) this.written.set(q.tag, (this.written.get(q.tag) ?? 0) + 1);
          },
          (error: unknown) => {
            this.failure ??= { error };
          },
        )
        .finally(() => {
          this.calls--;
          for (const id of ids) this.inFlight.delete(id);
          this.pump();
          const w = this.waiters;
          this.waiters = [];
          w.forEach((wake) => wake());
        });
    }
  }

  private changed(): Promise<void> {
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  private throwIfFailed(): void {
    if (this.failure) throw this.failure.error;
  }
}

/** Writes stat items and rollup writes together (one BatchWriteItem pool). */
export async function writeStatsAndRollups(
  items: Record<string, unknown>[],
  rollups: WriteRequest[],
  concurrency = 8,
): Promise<void> {
  await batchWrite([...items.map((Item): WriteRequest => ({ PutRequest: { Item } })), ...rollups], concurrency);
}
