import { randomInt } from 'node:crypto';
import { GetCommand } from '../../lambdas/aws/dynamodb/commands';
import { ddb, tableName } from '../../lambdas/aws/dynamodb/client';
import {
  BatchWriter,
  batchWriteCounters,
  type WriteRequest,
} from '../../lambdas/modules/performance-data/batch-write-store.dynamodb';
import { useTestTable } from '../support/world';

useTestTable();

const put = (pk: string, sk: string, v: number): WriteRequest => ({ PutRequest: { Item: { pk, sk, v } } });
const read = async (pk: string, sk: string) =>
  (await ddb().send(new GetCommand({ TableName: tableName(), Key: { pk, sk }, ConsistentRead: true }))).Item?.v;

/** The sync engine's write pool (modules/performance-data/batch-write-store.dynamodb.ts BatchWriter), on DynamoDB Local. */
describe('BatchWriter', () => {
  it('writes everything added, keeps calls going across adds, and stores the LAST value of a key rewritten while earlier writes are in flight', async () => {
    const pk = `TEST#BW#${randomInt(1e9)}`;
    const writer = new BatchWriter<'a' | 'b'>(8, 100);
    const callsBefore = batchWriteCounters.calls;
    // Watch the real calls on their way to DynamoDB Local: how many at once, and whether a key was
    // ever in two of them at the same time (then an older value could land after a newer one).
    const inFlight = new Set<string>();
    let calls = 0;
    let maxCalls = 0;
    let sameKeyTwice = 0;
    const client = ddb();
    const send = client.send.bind(client);
    client.send = (async (command) => {
      const requests =
        (command.input as { RequestItems?: Record<string, WriteRequest[]> }).RequestItems?.[tableName()] ?? [];
      const keys = requests.map((r) => `${String(r.PutRequest?.Item?.pk)}|${String(r.PutRequest?.Item?.sk)}`);
      for (const k of keys) if (inFlight.has(k)) sameKeyTwice++;
      keys.forEach((k) => inFlight.add(k));
      maxCalls = Math.max(maxCalls, ++calls);
      try {
        return await send(command);
      } finally {
        calls--;
        keys.forEach((k) => inFlight.delete(k));
      }
    }) as typeof client.send;
    // 10 rounds rewrite the same 30 "rollup" keys with the round's value, among 40 fresh items each:
    // a key's older value must never land after its newer one.
    for (let round = 1; round <= 10; round++) {
      await writer.add(
        Array.from({ length: 30 }, (_, i) => put(pk, `day#${i}`, round)),
        'b',
      );
      await writer.add(
        Array.from({ length: 40 }, (_, i) => put(pk, `item#${round}#${i}`, round)),
        'a',
      );
    }
    await writer.drain();
    client.send = send;
    expect(maxCalls).toBe(8);
    expect(sameKeyTwice).toBe(0);
    expect(writer.written.get('a')).toBe(400);
    // Queued rewrites of a key replace each other; a key in flight waits: between 30 and 300 writes.
    expect(writer.written.get('b')).toBeGreaterThanOrEqual(30);
    expect(writer.written.get('b')).toBeLessThanOrEqual(300);
    for (let i = 0; i < 30; i++) expect(await read(pk, `day#${i}`)).toBe(10);
    expect(await read(pk, 'item#7#39')).toBe(7);
    expect(batchWriteCounters.calls - callsBefore).toBeGreaterThanOrEqual(Math.ceil(430 / 25));
  });

  it('a call that fails stops the pool: drain and the next add throw its error', async () => {
    const writer = new BatchWriter(2, 100);
    // An item without its sort key: DynamoDB refuses the call (not retryable).
    await writer.add([{ PutRequest: { Item: { pk: `TEST#BW#${randomInt(1e9)}` } } }], 'x');
    await expect(writer.drain()).rejects.toThrow();
    await expect(writer.add([put('TEST#BW', 'after', 1)], 'x')).rejects.toThrow();
  });
});
