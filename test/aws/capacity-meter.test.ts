import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ddb, tableName } from '../../lambdas/aws/dynamodb/client';
import { GetCommand, PutCommand, QueryCommand, TransactWriteCommand } from '../../lambdas/aws/dynamodb/commands';
import { meterCapacity, type CapacityTally } from '../../lambdas/aws/dynamodb/capacity';
import { costSampleSink, metered, type CostSample } from '../../local/cost-samples';
import { useTestTable } from '../support/world';

/**
 * The cost model's DynamoDB meter (lambdas/aws/dynamodb/capacity.ts) against DynamoDB Local: inside a
 * meter each call's consumed request units are added (hand-computed: a 3,000-byte item is 3 write
 * units, its strongly consistent read 1 read unit, eventually consistent 0.5, a transaction twice),
 * the reply is the one the caller asked for, and outside a meter nothing is asked or counted.
 */
beforeAll(() => useTestTable());

const pk = `METER#${Date.now()}`;
const item = { pk, sk: 'A', body: 'x'.repeat(3000) };

it('adds what each call consumed and leaves the replies as asked', async () => {
  const tally: CapacityTally = { read: 0, write: 0, calls: 0 };
  const got = await meterCapacity(tally, async () => {
    await ddb().send(new PutCommand({ TableName: tableName(), Item: item }));
    const strong = await ddb().send(
      new GetCommand({ TableName: tableName(), Key: { pk, sk: 'A' }, ConsistentRead: true }),
    );
    await ddb().send(new GetCommand({ TableName: tableName(), Key: { pk, sk: 'A' } }));
    return strong;
  });
  expect(tally).toEqual({ read: 1.5, write: 3, calls: 3 });
  expect(got).not.toHaveProperty('ConsumedCapacity');
  expect(got.Item).toEqual(item);

  const tx: CapacityTally = { read: 0, write: 0, calls: 0 };
  await meterCapacity(tx, () =>
    ddb().send(
      new TransactWriteCommand({
        TransactItems: [{ Put: { TableName: tableName(), Item: { pk, sk: 'B', n: 1 } } }],
      }),
    ),
  );
  expect(tx).toEqual({ read: 0, write: 2, calls: 1 });
});

it("counts nothing outside a meter, and leaves a caller's own capacity question to the caller", async () => {
  const outside = await ddb().send(new GetCommand({ TableName: tableName(), Key: { pk, sk: 'A' } }));
  expect(outside).not.toHaveProperty('ConsumedCapacity');
  const tally: CapacityTally = { read: 0, write: 0, calls: 0 };
  const own = await meterCapacity(tally, () =>
    ddb().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :p',
        ExpressionAttributeValues: { ':p': pk },
        ReturnConsumedCapacity: 'TOTAL',
      }),
    ),
  );
  expect(own.ConsumedCapacity).toMatchObject({ CapacityUnits: expect.any(Number) });
  expect(tally.calls).toBe(0);
});

it('writes one sample per metered run to the file MIXDESK_COST_SAMPLES names', async () => {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'cost-')), 'samples.jsonl');
  expect(costSampleSink(undefined)).toBeUndefined();
  const sink = costSampleSink(file)!;
  await metered(sink, { kind: 'route', name: 'Test.Get' }, () =>
    ddb().send(new GetCommand({ TableName: tableName(), Key: { pk, sk: 'A' }, ConsistentRead: true })),
  );
  await expect(
    metered(sink, { kind: 'job', name: 'test:fails' }, async () => {
      await ddb().send(new PutCommand({ TableName: tableName(), Item: { pk, sk: 'C' } }));
      throw new Error('boom');
    }),
  ).rejects.toThrow('boom');
  const samples = readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as CostSample);
  expect(samples.map(({ ms: _ms, ...s }) => s)).toEqual([
    { kind: 'route', name: 'Test.Get', read: 1, write: 0, calls: 1 },
    { kind: 'job', name: 'test:fails', read: 0, write: 1, calls: 1 },
  ]);
});
