import { PutCommand as SdkPut } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName, type DocumentClient } from '../../lambdas/aws/dynamodb/client';
import {
  BatchWriteCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  ScanCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '../../lambdas/aws/dynamodb/commands';
import { registrationsOf } from '../../lambdas/aws/dynamodb/partition-registry';
import { localCredentials } from '../../lambdas/aws/signed-post';
import { documentClient as sdkClient } from '../support/engines';
import { useOwnTable } from '../support/world';

/**
 * The partition registry kept by the document client (aws/dynamodb/partition-registry.ts), on
 * DynamoDB Local: every write that may create an item in a company's partition (or a pointer naming
 * a company) has the partition registered; a write refused by its condition registers nothing and
 * fails as it would have; a partition this process registered or found costs nothing more.
 */
let client: DocumentClient;
/** The operations the client sent, in order. */
const sent: string[] = [];
const T = () => tableName();

beforeAll(async () => {
  await useOwnTable('partition-registry');
  client = documentClient({
    endpoint: process.env.DYNAMODB_ENDPOINT!,
    region: 'local',
    credentials: localCredentials,
    maxAttempts: 3,
    timeoutMs: 60_000,
    fetch: async (url, init) => {
      sent.push(String(new Headers(init?.headers).get('x-amz-target')).replace('DynamoDB_20120810.', ''));
      return fetch(url, init);
    },
  });
});
beforeEach(() => {
  sent.length = 0;
});

async function registry(companyId: number): Promise<string[]> {
  const out = await client.send(
    new ScanCommand({
      TableName: T(),
      FilterExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': `C#${companyId}#PARTS` },
    }),
  );
  return (out.Items ?? []).map((i) => String(i.sk)).sort();
}

describe('registrationsOf', () => {
  it("names a company's partitions below C#<cid> and the pointers a put makes, nothing else", () => {
    const t = 'tbl';
    expect(registrationsOf('PutItem', { TableName: t, Item: { pk: 'C#7#MIX#3', sk: 'M' } })).toEqual([
      { table: t, companyId: 7, pk: 'C#7#MIX#3' },
    ]);
    // The company's main partition is always read; the registry does not register itself.
    expect(registrationsOf('PutItem', { TableName: t, Item: { pk: 'C#7', sk: 'COMPANY' } })).toEqual([]);
    expect(registrationsOf('PutItem', { TableName: t, Item: { pk: 'C#7#PARTS', sk: 'C#7#X' } })).toEqual([]);
    expect(registrationsOf('PutItem', { TableName: t, Item: { pk: 'SUB#abc', sk: 'IDENTITY', companyId: 7 } })).toEqual(
      [{ table: t, companyId: 7, pk: 'SUB#abc' }],
    );
    // An update of a pointer names no company; deletes create nothing.
    expect(registrationsOf('UpdateItem', { TableName: t, Key: { pk: 'SUB#abc', sk: 'IDENTITY' } })).toEqual([]);
    expect(registrationsOf('DeleteItem', { TableName: t, Key: { pk: 'C#7#MIX#3', sk: 'M' } })).toEqual([]);
    expect(registrationsOf('UpdateItem', { TableName: t, Key: { pk: 'C#12#AUDIT', sk: 'x' } })).toEqual([
      { table: t, companyId: 12, pk: 'C#12#AUDIT' },
    ]);
    expect(
      registrationsOf('BatchWriteItem', {
        RequestItems: {
          [t]: [{ PutRequest: { Item: { pk: 'C#1#DS#a', sk: '1' } } }, { DeleteRequest: { Key: {} } } as never],
        },
      }),
    ).toEqual([{ table: t, companyId: 1, pk: 'C#1#DS#a' }]);
    expect(
      registrationsOf('TransactWriteItems', {
        TransactItems: [
          { Put: { TableName: t, Item: { pk: 'EMAIL#a@b.c', sk: 'INVITE', companyId: 2 } } },
          { Update: { TableName: t, Key: { pk: 'C#2#NOTIF#u', sk: 'n' } } },
          { ConditionCheck: { TableName: t, Key: { pk: 'C#2#X', sk: 'y' } } } as never,
        ],
      }),
    ).toEqual([
      { table: t, companyId: 2, pk: 'EMAIL#a@b.c' },
      { table: t, companyId: 2, pk: 'C#2#NOTIF#u' },
    ]);
  });
});

describe('the document client', () => {
  it('registers a new partition with the write, and the next write to it costs nothing more', async () => {
    await client.send(new PutCommand({ TableName: T(), Item: { pk: 'C#31#MIX#1', sk: 'M', n: 1 } }));
    expect(sent).toEqual(['BatchGetItem', 'BatchWriteItem', 'PutItem']);
    expect(await registry(31)).toEqual(['C#31#MIX#1']);
    sent.length = 0;
    await client.send(new PutCommand({ TableName: T(), Item: { pk: 'C#31#MIX#1', sk: 'L#1', n: 2 } }));
    expect(sent).toEqual(['PutItem']);
  });

  it('writes the entry in the transaction that makes the partition, and a batch write after its entries', async () => {
    await client.send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: T(), Item: { pk: 'C#32#AUDIT', sk: 'a' } } },
          { Put: { TableName: T(), Item: { pk: 'SUB#s-32', sk: 'IDENTITY', companyId: 32 } } },
        ],
      }),
    );
    expect(sent).toEqual(['BatchGetItem', 'TransactWriteItems']);
    await client.send(
      new BatchWriteCommand({
        RequestItems: { [T()]: [{ PutRequest: { Item: { pk: 'C#32#DS#g#1', sk: 'd' } } }] },
      }),
    );
    expect(await registry(32)).toEqual(['C#32#AUDIT', 'C#32#DS#g#1', 'SUB#s-32']);
  });

  it('a write refused by its condition registers nothing and fails as it would have', async () => {
    const refused = client.send(
      new UpdateCommand({
        TableName: T(),
        Key: { pk: 'C#33#NOTIF#u', sk: 'n1' },
        UpdateExpression: 'SET readAt = :t',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':t': 1 },
      }),
    );
    await expect(refused).rejects.toMatchObject({ name: 'ConditionalCheckFailedException' });
    expect(sent).toEqual(['BatchGetItem', 'TransactWriteItems']);
    expect(await registry(33)).toEqual([]);
    const item = await client.send(new GetCommand({ TableName: T(), Key: { pk: 'C#33#NOTIF#u', sk: 'n1' } }));
    expect(item.Item).toBeUndefined();
  });

  it('an item stored before the registry: the refusal returns it as a single write would', async () => {
    // Written around the document client, as a table from before the registry holds it.
    await sdkClient().send(new SdkPut({ TableName: T(), Item: { pk: 'C#34#NOTIF#u', sk: 'n1', readAt: 5 } }));
    const refused = client.send(
      new PutCommand({
        TableName: T(),
        Item: { pk: 'C#34#NOTIF#u', sk: 'n1', readAt: 9 },
        ConditionExpression: 'attribute_not_exists(pk)',
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    await expect(refused).rejects.toMatchObject({
      name: 'ConditionalCheckFailedException',
      Item: { pk: { S: 'C#34#NOTIF#u' }, sk: { S: 'n1' }, readAt: { N: '5' } },
    });
    expect(await registry(34)).toEqual([]);
    // Allowed, the same write registers the partition it was already in.
    await client.send(
      new PutCommand({
        TableName: T(),
        Item: { pk: 'C#34#NOTIF#u', sk: 'n2', readAt: 9 },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    expect(await registry(34)).toEqual(['C#34#NOTIF#u']);
  });

  it('deletes register nothing', async () => {
    await client.send(new DeleteCommand({ TableName: T(), Key: { pk: 'C#35#MIX#1', sk: 'M' } }));
    expect(sent).toEqual(['DeleteItem']);
    expect(await registry(35)).toEqual([]);
  });
});

describe('a first write that meets another', () => {
  it('a conditional write sent with its entry that collides is sent again, and finds the entry', async () => {
    const targets: string[] = [];
    const replies: { status: number; body: object; type?: string }[] = [
      { status: 200, body: { Responses: {} } },
      {
        status: 400,
        type: 'TransactionCanceledException',
        body: {
          message: 'Transaction cancelled',
          CancellationReasons: [{ Code: 'None' }, { Code: 'TransactionConflict' }],
        },
      },
      { status: 200, body: { Responses: { t: [{ pk: { S: 'C#36#PARTS' }, sk: { S: 'C#36#NOTIF#u' } }] } } },
      { status: 200, body: {} },
    ];
    const scripted = documentClient({
      endpoint: 'https://dynamodb.eu-west-1.amazonaws.com/',
      region: 'eu-west-1',
      credentials: localCredentials,
      maxAttempts: 1,
      timeoutMs: 1000,
      fetch: async (_url, init) => {
        targets.push(String(new Headers(init?.headers).get('x-amz-target')).replace('DynamoDB_20120810.', ''));
        const r = replies.shift()!;
        return new Response(JSON.stringify({ ...r.body, ...(r.type ? { __type: r.type } : {}) }), {
          status: r.status,
          headers: { 'content-type': 'application/x-amz-json-1.0', ...(r.type ? { 'x-amzn-errortype': r.type } : {}) },
        });
      },
    });
    await scripted.send(
      new PutCommand({
        TableName: 't',
        Item: { pk: 'C#36#NOTIF#u', sk: 'n1' },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    expect(targets).toEqual(['BatchGetItem', 'TransactWriteItems', 'BatchGetItem', 'PutItem']);
  });
});
