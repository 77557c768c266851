import { CreateTableCommand, DeleteTableCommand, DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { LINE_STREAM_AUDIT } from '../../lambdas/modules/media-plans/store/plans';
import { createTableInput, TABLE_DESIGN } from '../../lambdas/shared/table-design';
import { handler as auditLineChanges } from '../../lambdas/streams/audit-line-changes';
import { ensureTable, localDynamoClient } from '../../local/dynamo-local';
import { hasAuditMark, startStreamPoller, type StreamPoller } from '../../local/stream-poller';
import { documentClient, setHandlerEnv } from '../support/engines';
import { settleStreams } from '../support/streams';

/**
 * The table's change stream on DynamoDB Local, read by the run's stream poller (jest global setup)
 * and by pollers started here: a line change marked for a stream audit gets exactly one audit entry,
 * an unmarked write none, and a record delivered again or after a failure is not written twice.
 */
const env = setHandlerEnv();
const db = documentClient();
// A company no other test uses: the audit partition below is this file's alone.
const companyId = 990001 + Math.floor(Math.random() * 9000);
const versionPk = `C#${companyId}#MIX#0000000001`;
const lineSk = (id: number) => `M#L#${String(id).padStart(10, '0')}`;

function line(id: number, version: number, extra: Record<string, unknown> = {}) {
  return {
    pk: versionPk,
    sk: lineSk(id),
    entity: 'MediaChannel',
    ID: id,
    MediaMixId: 1,
    Name: `Line ${id}`,
    BudgetMinor: 100 * version,
    version,
    updatedBy: 'planner-sub',
    updatedAt: new Date(Date.now() + version).toISOString(),
    ...extra,
  };
}

const put = (item: Record<string, unknown>) => db.send(new PutCommand({ TableName: env.tableName, Item: item }));

async function auditEntries(lineId: number): Promise<Record<string, any>[]> {
  const out = await db.send(
    new QueryCommand({
      TableName: env.tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)',
      ExpressionAttributeValues: { ':pk': `C#${companyId}#AUDIT`, ':sk': `MediaChannel#${lineId}#` },
      ConsistentRead: true,
    }),
  );
  return out.Items ?? [];
}

/** A poller of this file's own, seeing only this company's records (the run's poller sees them all). */
function ownPoller(handler: (e: DynamoDBStreamEvent) => ReturnType<typeof auditLineChanges>): StreamPoller {
  return startStreamPoller({
    endpoint: env.dynamoEndpoint,
    tableName: env.tableName,
    handler,
    intervalMs: 50,
    log: () => undefined,
    filter: (r) => hasAuditMark(r) && (r.dynamodb?.Keys?.pk as { S?: string } | undefined)?.S === versionPk,
  });
}

afterAll(() => db.destroy());

it('names the same audit mark as the line repository', () => {
  expect(TABLE_DESIGN.stream.auditMarkAttribute).toBe(LINE_STREAM_AUDIT);
});

it('writes the audit entry of a marked line change, once, however often it is settled', async () => {
  await put(line(7, 1));
  const v2 = line(7, 2, { StreamAudit: 2 });
  await put(v2);
  await settleStreams();
  await settleStreams();

  const entries = await auditEntries(7);
  expect(entries).toHaveLength(1);
  expect(entries[0]).toMatchObject({
    pk: `C#${companyId}#AUDIT`,
    sk: `MediaChannel#7#${v2.updatedAt}#v2`,
    entity: 'MediaChannel',
    action: 'update',
    who: 'planner-sub',
    at: v2.updatedAt,
    before: { ID: 7, version: 1 },
    after: { ID: 7, version: 2, Name: 'Line 7' },
  });
  // The line as the console shows it: no internal attributes.
  expect(entries[0].after).not.toHaveProperty('StreamAudit');
  expect(entries[0].after).not.toHaveProperty('pk');
});

it('writes nothing for a write without the mark, or one that keeps an older mark', async () => {
  await put(line(8, 1));
  await put(line(8, 2));
  await put(line(8, 3, { StreamAudit: 2 }));
  await settleStreams();
  expect(await auditEntries(8)).toEqual([]);
});

it('does not duplicate entries when the whole stream is delivered again', async () => {
  await put(line(9, 1));
  await put(line(9, 2, { StreamAudit: 2 }));
  await settleStreams();
  expect(await auditEntries(9)).toHaveLength(1);

  // A second reader starts at the oldest record, as Lambda does after a mapping is re-created.
  const seen: string[] = [];
  const again = ownPoller(async (event) => {
    seen.push(...event.Records.map((r) => r.dynamodb!.NewImage!.sk.S!));
    return auditLineChanges(event);
  });
  try {
    await again.settle();
  } finally {
    await again.stop();
  }
  expect(seen).toEqual(expect.arrayContaining([lineSk(7), lineSk(9)]));
  expect(await auditEntries(7)).toHaveLength(1);
  expect(await auditEntries(9)).toHaveLength(1);
});

it('retries from the record the handler reports as failed, in order, and settles only after the retry', async () => {
  await put(line(10, 1, { StreamAudit: 1 }));
  await put(line(10, 2, { StreamAudit: 2 }));
  await put(line(10, 3, { StreamAudit: 3 }));
  await settleStreams();
  const versions: number[] = [];
  let failed = false;
  const poller = ownPoller(async (event) => {
    for (const r of event.Records) {
      const v = Number(r.dynamodb!.NewImage!.version.N);
      if (r.dynamodb!.NewImage!.sk.S !== lineSk(10)) continue;
      if (v === 2 && !failed) {
        failed = true;
        return { batchItemFailures: [{ itemIdentifier: r.dynamodb!.SequenceNumber! }] };
      }
      versions.push(v);
    }
    return { batchItemFailures: [] };
  });
  try {
    await poller.settle();
  } finally {
    await poller.stop();
  }
  expect(failed).toBe(true);
  expect(versions).toEqual([1, 2, 3]);
});

it('enables the stream on a table made before it (a kept npm start data folder)', async () => {
  const client = localDynamoClient(env.dynamoEndpoint);
  const name = `mixdesk-nostream-${companyId}`;
  const { StreamSpecification: _s, ...withoutStream } = createTableInput(name);
  try {
    await client.send(new CreateTableCommand(withoutStream));
    expect(
      (await client.send(new DescribeTableCommand({ TableName: name }))).Table?.StreamSpecification?.StreamEnabled,
    ).not.toBe(true);
    expect(await ensureTable(env.dynamoEndpoint, name)).toBe('exists');
    const { Table } = await client.send(new DescribeTableCommand({ TableName: name }));
    expect(Table?.StreamSpecification).toEqual({ StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' });
    expect(Table?.LatestStreamArn).toContain(`table/${name}/stream/`);
    // Idempotent: a second start leaves the stream as it is.
    await ensureTable(env.dynamoEndpoint, name);
    expect((await client.send(new DescribeTableCommand({ TableName: name }))).Table?.LatestStreamArn).toBe(
      Table?.LatestStreamArn,
    );
  } finally {
    await client.send(new DeleteTableCommand({ TableName: name })).catch(() => undefined);
    client.destroy();
  }
});

it('makes a table no poller reads without a stream, and leaves it without one', async () => {
  const client = localDynamoClient(env.dynamoEndpoint);
  const name = `mixdesk-unread-${companyId}`;
  const streamOf = async () => (await client.send(new DescribeTableCommand({ TableName: name }))).Table;
  try {
    expect(await ensureTable(env.dynamoEndpoint, name, { stream: false })).toBe('created');
    expect((await streamOf())?.StreamSpecification?.StreamEnabled).not.toBe(true);
    expect((await streamOf())?.LatestStreamArn).toBeUndefined();
    expect(await ensureTable(env.dynamoEndpoint, name, { stream: false })).toBe('exists');
    expect((await streamOf())?.LatestStreamArn).toBeUndefined();
  } finally {
    await client.send(new DeleteTableCommand({ TableName: name })).catch(() => undefined);
    client.destroy();
  }
});
