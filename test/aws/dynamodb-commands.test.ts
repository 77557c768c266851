import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import * as Sdk from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../../lambdas/aws/dynamodb/client';
import * as Ours from '../../lambdas/aws/dynamodb/commands';

/**
 * The document commands (lambdas/aws/dynamodb/commands.ts) against `@aws-sdk/lib-dynamodb`'s, which
 * they replace in the Lambdas: for the same input each sends the same JSON body (the same bytes once
 * each object's members are in name order),
 * for the same reply each answers the same output, and for the same error reply each throws an
 * error with the same name, message, fault and fields. Neither reaches a network: the SDK client's
 * request handler and our client's fetch both answer the canned reply.
 */
type Reply = { status: number; body: unknown };
type Case = [name: string, sdk: () => object, ours: () => Ours.DocumentCommand<unknown, unknown>, reply: unknown];

const ok = (body: unknown): Reply => ({ status: 200, body });

function sdkSide(reply: Reply) {
  const bodies: string[] = [];
  const handler = {
    handle: async (request: { body: string | Uint8Array }) => {
      const body = request.body;
      bodies.push(
        typeof body === 'string' ? body : Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString(),
      );
      return {
        response: {
          statusCode: reply.status,
          headers: { 'content-type': 'application/x-amz-json-1.0', 'x-amzn-requestid': 'r1' },
          body: Buffer.from(JSON.stringify(reply.body)),
        },
      };
    },
    updateHttpClientConfig: () => undefined,
    httpHandlerConfigs: () => ({}),
  };
  const base = new DynamoDBClient({
    region: 'eu-west-1',
    credentials: { accessKeyId: 'a', secretAccessKey: 'b' },
    maxAttempts: 1,
    requestHandler: handler as unknown as NonNullable<
      ConstructorParameters<typeof DynamoDBClient>[0]
    >['requestHandler'],
  });
  const client = Sdk.DynamoDBDocumentClient.from(base, { marshallOptions: { removeUndefinedValues: true } });
  return { bodies, send: (command: object) => client.send(command as Sdk.GetCommand) as Promise<unknown> };
}

function ourSide(reply: Reply) {
  const bodies: string[] = [];
  const client = documentClient({
    endpoint: 'https://dynamodb.eu-west-1.amazonaws.com/',
    region: 'eu-west-1',
    credentials: async () => ({ accessKeyId: 'a', secretAccessKey: 'b' }),
    maxAttempts: 1,
    timeoutMs: 1000,
    fetch: async (_url, init) => {
      bodies.push(String(init?.body));
      return new Response(JSON.stringify(reply.body), {
        status: reply.status,
        headers: { 'content-type': 'application/x-amz-json-1.0', 'x-amzn-requestid': 'r1' },
      });
    },
  });
  return { bodies, send: (command: Ours.DocumentCommand<unknown, unknown>) => client.send(command) };
}

/**
 * The body with the members of every object in name order: the SDK writes a request's members in its
 * schema's order, ours in the input's, and DynamoDB reads JSON; every other byte must be the same.
 */
function sortedJson(body: string): string {
  const sorted = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(sorted)
      : v && typeof v === 'object'
        ? Object.fromEntries(
            Object.keys(v)
              .sort()
              .map((k) => [k, sorted((v as Record<string, unknown>)[k])]),
          )
        : v;
  return JSON.stringify(sorted(JSON.parse(body)));
}

const withoutMetadata = (out: unknown) => {
  const { $metadata: _, ...rest } = out as Record<string, unknown>;
  return rest;
};

const bytes = new Uint8Array([0, 1, 2, 250, 255]);
const ITEM = {
  pk: 'C#1',
  sk: 'M#7',
  name: 'Plan "A" ✓',
  empty: '',
  int: 42,
  float: -0.125,
  big: new Sdk.NumberValue('12345678901234567890'),
  yes: true,
  nothing: null,
  gone: undefined,
  list: [1, 'two', { three: 3, skip: undefined }, []],
  map: { a: { b: { c: 'deep' } }, e: {} },
  tags: new Set(['x', 'y']),
  counts: new Set([1, 2.5]),
  blob: bytes,
  blobs: new Set([bytes]),
};
const KEY = { pk: 'C#1', sk: 'M#7' };
const WIRE_ITEM = {
  pk: { S: 'C#1' },
  n: { N: '7' },
  f: { N: '0.5' },
  b: { B: 'AAEC+v8=' },
  bs: { BS: ['AAEC+v8='] },
  ss: { SS: ['a'] },
  ns: { NS: ['1', '2'] },
  l: { L: [{ S: 'x' }, { NULL: true }, { BOOL: false }, { M: { q: { N: '1' } } }] },
};

const CASES: Case[] = [
  [
    'Put: every kind of value, a condition, the old item back',
    () => new Sdk.PutCommand(putInput()),
    () => new Ours.PutCommand(putInput()),
    { Attributes: WIRE_ITEM },
  ],
  [
    'Update: ADD to a set, a counter, UPDATED_NEW',
    () => new Sdk.UpdateCommand(updateInput()),
    () => new Ours.UpdateCommand(updateInput()),
    { Attributes: { value: { N: '8' }, applies: { SS: ['a1'] } } },
  ],
  [
    'Get: projection, consistent read; every AttributeValue type back',
    () => new Sdk.GetCommand(getInput()),
    () => new Ours.GetCommand(getInput()),
    { Item: WIRE_ITEM },
  ],
  ['Get: no item', () => new Sdk.GetCommand(getInput()), () => new Ours.GetCommand(getInput()), {}],
  [
    'Query: index, filter, COUNT, start key, consumed capacity',
    () => new Sdk.QueryCommand(queryInput()),
    () => new Ours.QueryCommand(queryInput()),
    {
      Count: 3,
      ScannedCount: 10,
      LastEvaluatedKey: { pk: { S: 'C#1' }, sk: { S: 'M#9' } },
      ConsumedCapacity: { TableName: 't', CapacityUnits: 0.5 },
    },
  ],
  [
    'Query: items',
    () => new Sdk.QueryCommand(queryInput()),
    () => new Ours.QueryCommand(queryInput()),
    { Items: [WIRE_ITEM, { pk: { S: 'x' } }], Count: 2, ScannedCount: 2 },
  ],
  [
    'Scan: segment and start key',
    () => new Sdk.ScanCommand(scanInput()),
    () => new Ours.ScanCommand(scanInput()),
    { Items: [WIRE_ITEM], Count: 1, ScannedCount: 1 },
  ],
  [
    'BatchGet: keys of two tables; responses and unprocessed keys',
    () => new Sdk.BatchGetCommand(batchGetInput()),
    () => new Ours.BatchGetCommand(batchGetInput()),
    {
      Responses: { t: [WIRE_ITEM], u: [] },
      UnprocessedKeys: { t: { Keys: [{ pk: { S: 'C#2' }, sk: { S: 'x' } }], ConsistentRead: true } },
    },
  ],
  [
    'BatchWrite: puts and deletes; unprocessed items',
    () => new Sdk.BatchWriteCommand(batchWriteInput()),
    () => new Ours.BatchWriteCommand(batchWriteInput()),
    { UnprocessedItems: { t: [{ DeleteRequest: { Key: { pk: { S: 'C#1' }, sk: { S: 'M#8' } } } }] } },
  ],
  [
    'TransactWrite: Put, Update, Delete and ConditionCheck',
    () => new Sdk.TransactWriteCommand(transactInput()),
    () => new Ours.TransactWriteCommand(transactInput()),
    {},
  ],
  [
    'Delete: ALL_OLD',
    () => new Sdk.DeleteCommand({ TableName: 't', Key: KEY, ReturnValues: 'ALL_OLD' }),
    () => new Ours.DeleteCommand({ TableName: 't', Key: KEY, ReturnValues: 'ALL_OLD' }),
    { Attributes: WIRE_ITEM },
  ],
  [
    'TransactGet',
    () => new Sdk.TransactGetCommand({ TransactItems: [{ Get: { TableName: 't', Key: KEY } }] }),
    () => new Ours.TransactGetCommand({ TransactItems: [{ Get: { TableName: 't', Key: KEY } }] }),
    { Responses: [{ Item: WIRE_ITEM }, {}] },
  ],
];

function putInput(): Sdk.PutCommandInput {
  return {
    TableName: 't',
    Item: { ...ITEM, tags: new Set(ITEM.tags), counts: new Set(ITEM.counts) },
    ConditionExpression: 'attribute_not_exists(pk) OR #v = :v',
    ExpressionAttributeNames: { '#v': 'version' },
    ExpressionAttributeValues: { ':v': 3, ':unused': undefined },
    ReturnValues: 'ALL_OLD',
    ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
  };
}
function updateInput(): Sdk.UpdateCommandInput {
  return {
    TableName: 't',
    Key: KEY,
    UpdateExpression: 'ADD #v :one, PendingApplies :a SET #n = :n REMOVE gsi2pk',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeNames: { '#v': 'value', '#n': 'name' },
    ExpressionAttributeValues: { ':one': 1, ':a': new Set(['a1']), ':n': { first: 'x', list: [1] } },
    ReturnValues: 'UPDATED_NEW',
  };
}
function getInput(): Sdk.GetCommandInput {
  return {
    TableName: 't',
    Key: KEY,
    ProjectionExpression: 'pk, #n',
    ExpressionAttributeNames: { '#n': 'name' },
    ConsistentRead: true,
  };
}
function queryInput(): Sdk.QueryCommandInput {
  return {
    TableName: 't',
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :kPk AND begins_with(gsi1sk, :kPrefix)',
    FilterExpression: 'attribute_not_exists(ArchivedAt) AND Amount > :min',
    ExpressionAttributeValues: { ':kPk': 'C#1#ACC', ':kPrefix': 'A#', ':min': 10.5 },
    ExclusiveStartKey: { pk: 'C#1', sk: 'M#8', gsi1pk: 'C#1#ACC', gsi1sk: 'A#2' },
    Select: 'COUNT',
    Limit: 25,
    ScanIndexForward: false,
    ReturnConsumedCapacity: 'TOTAL',
  };
}
function scanInput(): Sdk.ScanCommandInput {
  return { TableName: 't', Segment: 1, TotalSegments: 4, ExclusiveStartKey: KEY, ProjectionExpression: 'pk' };
}
function batchGetInput(): Sdk.BatchGetCommandInput {
  return {
    RequestItems: {
      t: { Keys: [KEY, { pk: 'C#2', sk: 'x' }], ConsistentRead: true, ProjectionExpression: 'pk, sk' },
      u: { Keys: [{ pk: 'P', sk: 'S' }] },
    },
  };
}
function batchWriteInput(): Sdk.BatchWriteCommandInput {
  return {
    RequestItems: {
      t: [
        { PutRequest: { Item: { ...KEY, n: 1, s: new Set(['z']), u: undefined } } },
        { DeleteRequest: { Key: { pk: 'C#1', sk: 'M#8' } } },
      ],
    },
  };
}
function transactInput(): Sdk.TransactWriteCommandInput {
  return {
    ClientRequestToken: 'tok-1',
    TransactItems: [
      { Put: { TableName: 't', Item: { ...KEY, v: 1 }, ConditionExpression: 'attribute_not_exists(pk)' } },
      {
        Update: {
          TableName: 't',
          Key: { pk: 'C#1', sk: 'H' },
          UpdateExpression: 'ADD Total :d',
          ExpressionAttributeValues: { ':d': -2.5 },
        },
      },
      { Delete: { TableName: 't', Key: { pk: 'C#1', sk: 'X' } } },
      {
        ConditionCheck: {
          TableName: 't',
          Key: { pk: 'C#1', sk: 'A' },
          ConditionExpression: '#s = :active',
          ExpressionAttributeNames: { '#s': 'Status' },
          ExpressionAttributeValues: { ':active': 'Active' },
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        },
      },
    ],
  };
}

describe.each(CASES)('%s', (_name, sdkCommand, ourCommand, replyBody) => {
  it('sends the body the SDK sends, byte for byte, and answers its output', async () => {
    const sdk = sdkSide(ok(replyBody));
    const ours = ourSide(ok(replyBody));
    const sdkOut = await sdk.send(sdkCommand());
    const ourOut = await ours.send(ourCommand());
    expect(JSON.parse(ours.bodies[0])).toStrictEqual(JSON.parse(sdk.bodies[0]));
    expect(sortedJson(ours.bodies[0])).toBe(sortedJson(sdk.bodies[0]));
    expect(withoutMetadata(ourOut)).toStrictEqual(withoutMetadata(sdkOut));
  });
});

/** An error as callers may read it: its name, message, fault, status and every other own field. */
function errorShape(err: unknown) {
  const e = err as Record<string, unknown> & Error;
  const { $metadata, $response: _r, $retryable: _t, ...fields } = Object.fromEntries(Object.entries(e));
  return {
    isError: e instanceof Error,
    name: e.name,
    message: e.message,
    status: ($metadata as { httpStatusCode?: number } | undefined)?.httpStatusCode,
    fields,
  };
}

const failed = (p: Promise<unknown>) => p.then(() => 'no error').catch((e: unknown) => e);

describe('errors: as the SDK threw them', () => {
  const type = (code: string) => `com.amazonaws.dynamodb.v20120810#${code}`;
  it.each([
    [
      'ConditionalCheckFailedException with the old item',
      { __type: type('ConditionalCheckFailedException'), message: 'The conditional request failed', Item: WIRE_ITEM },
    ],
    [
      'TransactionCanceledException with reasons and an item',
      {
        __type: type('TransactionCanceledException'),
        Message:
          'Transaction cancelled, please refer cancellation reasons for specific reasons [None, ConditionalCheckFailed]',
        CancellationReasons: [
          { Code: 'None' },
          { Code: 'ConditionalCheckFailed', Message: 'The conditional request failed', Item: WIRE_ITEM },
        ],
      },
    ],
    [
      'ValidationException',
      { __type: 'com.amazon.coral.validate#ValidationException', message: 'One or more parameter values were invalid' },
    ],
    [
      'ResourceNotFoundException',
      { __type: type('ResourceNotFoundException'), message: 'Requested resource not found' },
    ],
    ['a code the SDK does not know', { __type: type('SomethingNewException'), message: 'new' }],
  ])('%s', async (_name, body) => {
    const reply = { status: 400, body };
    const put = () => ({ TableName: 't', Item: { ...KEY } });
    const sdkErr = await failed(sdkSide(reply).send(new Sdk.PutCommand(put())));
    const ourErr = await failed(ourSide(reply).send(new Ours.PutCommand(put())));
    expect(errorShape(ourErr)).toStrictEqual(errorShape(sdkErr));
  });
});
