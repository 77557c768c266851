import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { documentClient, type DocumentClient } from '../../lambdas/aws/dynamodb/client';
import { GetCommand, PutCommand, TransactWriteCommand } from '../../lambdas/aws/dynamodb/commands';
import { sha256Hex, signingKey } from '../../local/fakes/s3-sigv4';
import { scriptedServer, type ScriptedReply } from '../support/scripted-server';

/**
 * The DynamoDB caller (lambdas/aws/dynamodb/wire.ts, behind `documentClient`) against a small fake
 * of DynamoDB's JSON protocol that answers each request with the next scripted reply: retries as
 * the SDK's standard mode makes them (throttling, 5xx, network failures and timeouts; never a 4xx of
 * the request), errors named and shaped as the SDK threw them, and each request SigV4-signed for
 * the `dynamodb` service, the signature checked here independently of the signer.
 */

const CREDENTIALS = { accessKeyId: 'AKIDTEST', secretAccessKey: 'secret/key', sessionToken: 'session-token' };

const json = (status: number, body: unknown, headers: Record<string, string> = {}): ScriptedReply => ({
  status,
  body: JSON.stringify(body),
  headers: { 'content-type': 'application/x-amz-json-1.0', 'x-amzn-requestid': `req-${status}`, ...headers },
});
const error = (status: number, type: string, message: string, extra: Record<string, unknown> = {}) =>
  json(status, { __type: `com.amazonaws.dynamodb.v20120810#${type}`, message, ...extra });
const ITEM_REPLY = json(200, { Item: { pk: { S: 'P' }, sk: { S: 'S' }, n: { N: '42' } } });

const fake = scriptedServer(json(200, {}));

const sleeps: number[] = [];
function client(o: { endpoint?: string; timeoutMs?: number } = {}): DocumentClient {
  sleeps.length = 0;
  return documentClient({
    endpoint: o.endpoint ?? fake.endpoint,
    region: 'eu-west-1',
    credentials: async () => CREDENTIALS,
    maxAttempts: 3,
    timeoutMs: o.timeoutMs ?? 30_000,
    sleep: async (ms) => void sleeps.push(ms),
  });
}
const get = () => new GetCommand({ TableName: 't', Key: { pk: 'P', sk: 'S' } });
const failure = (p: Promise<unknown>) => p.then(() => undefined).catch((e: unknown) => e as Record<string, unknown>);

describe('the request', () => {
  it('is a JSON 1.0 POST to / naming the operation, SigV4-signed for dynamodb in the region', async () => {
    fake.script = [ITEM_REPLY];
    await client().send(get());
    const { headers, body } = fake.received[0];
    expect(headers['content-type']).toBe('application/x-amz-json-1.0');
    expect(headers['x-amz-target']).toBe('DynamoDB_20120810.GetItem');
    expect(headers['x-amz-security-token']).toBe('session-token');
    expect(JSON.parse(body)).toEqual({ TableName: 't', Key: { pk: { S: 'P' }, sk: { S: 'S' } } });
    const auth =
      /^AWS4-HMAC-SHA256 Credential=AKIDTEST\/(\d{8})\/eu-west-1\/dynamodb\/aws4_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(
        String(headers.authorization),
      );
    expect(auth).not.toBeNull();
    const [, day, signedHeaders, signature] = auth!;
    expect(signedHeaders.split(';')).toEqual(expect.arrayContaining(['host', 'x-amz-date', 'x-amz-target']));
    expect(signature).toBe(expectedSignature(headers, body, day, signedHeaders));
  });
});

/** SigV4 of a POST to `/` written out on node:crypto, over the headers the request says it signed. */
function expectedSignature(headers: IncomingMessage['headers'], body: string, day: string, signed: string): string {
  const canonicalHeaders = signed.split(';').map((h) => `${h}:${String(headers[h]).trim().replace(/\s+/g, ' ')}`);
  const request = ['POST', '/', '', ...canonicalHeaders, '', signed, sha256Hex(body)].join('\n');
  const scope = `${day}/eu-west-1/dynamodb/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', String(headers['x-amz-date']), scope, sha256Hex(request)].join('\n');
  return createHmac('sha256', signingKey(CREDENTIALS.secretAccessKey, day, 'eu-west-1', 'dynamodb'))
    .update(toSign)
    .digest('hex');
}

describe('retries, as the SDK standard mode makes them', () => {
  it('throttling, then success: tried again after a backoff under 1 s, attempts counted', async () => {
    fake.script = [error(400, 'ProvisionedThroughputExceededException', 'Rate exceeded'), ITEM_REPLY];
    const out = await client().send(get());
    expect(out.Item).toEqual({ pk: 'P', sk: 'S', n: 42 });
    expect(out.$metadata).toMatchObject({ httpStatusCode: 200, requestId: 'req-200', attempts: 2 });
    expect(fake.received).toHaveLength(2);
    expect(sleeps).toHaveLength(1);
    expect(sleeps[0]).toBeLessThan(1000);
  });

  it('a 500, then success', async () => {
    fake.script = [error(500, 'InternalServerError', 'Internal server error'), ITEM_REPLY];
    expect((await client().send(get())).$metadata.attempts).toBe(2);
    expect(sleeps[0]).toBeLessThan(50);
  });

  it('gives up after 3 tries with the last error, its attempts counted', async () => {
    fake.script = [1, 2, 3].map(() => error(400, 'ThrottlingException', 'Slow down'));
    const err = await failure(client().send(get()));
    expect(err).toMatchObject({ name: 'ThrottlingException', message: 'Slow down', $fault: 'client' });
    expect(err?.$metadata).toMatchObject({ httpStatusCode: 400, attempts: 3 });
    expect(fake.received).toHaveLength(3);
  });

  it('a 400 ValidationException is not tried again; name, message and metadata are kept', async () => {
    fake.script = [error(400, 'ValidationException', 'One or more parameter values were invalid')];
    const err = await failure(client().send(get()));
    expect(err).toBeInstanceOf(Error);
    expect(err).toMatchObject({
      name: 'ValidationException',
      message: 'One or more parameter values were invalid',
      $fault: 'client',
      $metadata: { httpStatusCode: 400, requestId: 'req-400', attempts: 1, totalRetryDelay: 0 },
    });
    expect(fake.received).toHaveLength(1);
  });

  it('a network failure (nothing listens) is tried again, then named', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const err = await failure(client({ endpoint: `http://127.0.0.1:${port}/` }).send(get()));
    expect(err).toMatchObject({ name: 'NetworkError', code: 'ECONNREFUSED', $metadata: { attempts: 3 } });
    expect(sleeps).toHaveLength(2);
  });

  it('a stalled request times out and is tried again', async () => {
    fake.script = [{ status: 0, body: '', hang: true }, ITEM_REPLY];
    const out = await client({ timeoutMs: 1500 }).send(get());
    expect(out.$metadata.attempts).toBe(2);
  });
});

describe('replies that are not what DynamoDB answers', () => {
  it('a 200 whose body is not JSON fails at once', async () => {
    fake.script = [{ status: 200, body: '<html>proxy</html>' }];
    const err = await failure(client().send(get()));
    expect(err).toMatchObject({ name: 'MalformedReply', $metadata: { httpStatusCode: 200, attempts: 1 } });
  });

  it('a 200 without a body (a reply cut short) is tried again: DynamoDB always answers one', async () => {
    fake.script = [{ status: 200, body: '' }, ITEM_REPLY];
    const out = await client().send(get());
    expect(out).toMatchObject({ Item: { pk: 'P' }, $metadata: { attempts: 2 } });
  });

  it('a 502 whose body is not JSON is a server error, tried again', async () => {
    fake.script = [{ status: 502, body: 'Bad Gateway' }, ITEM_REPLY];
    expect((await client().send(get())).Item).toEqual({ pk: 'P', sk: 'S', n: 42 });
  });
});

describe('errors carry the reply’s fields, as the SDK’s did', () => {
  it('ConditionalCheckFailedException with the item (ReturnValuesOnConditionCheckFailure), as AttributeValues', async () => {
    fake.script = [
      error(400, 'ConditionalCheckFailedException', 'The conditional request failed', {
        Item: { pk: { S: 'P' }, MailedAt: { S: '2026-01-01' } },
      }),
    ];
    const err = await failure(
      client().send(
        new PutCommand({
          TableName: 't',
          Item: { pk: 'P', sk: 'S' },
          ConditionExpression: 'attribute_not_exists(pk)',
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        }),
      ),
    );
    expect(err).toMatchObject({ name: 'ConditionalCheckFailedException', message: 'The conditional request failed' });
    expect(err?.Item).toEqual({ pk: { S: 'P' }, MailedAt: { S: '2026-01-01' } });
    expect(fake.received).toHaveLength(1);
    expect(err?.__type).toBe('com.amazonaws.dynamodb.v20120810#ConditionalCheckFailedException');
  });

  it('TransactionCanceledException with its reasons, in the order of the items (not tried again)', async () => {
    const reasons = [
      { Code: 'None' },
      { Code: 'ConditionalCheckFailed', Message: 'The conditional request failed', Item: { v: { N: '3' } } },
    ];
    fake.script = [
      json(400, {
        __type: 'com.amazonaws.dynamodb.v20120810#TransactionCanceledException',
        Message:
          'Transaction cancelled, please refer cancellation reasons for specific reasons [None, ConditionalCheckFailed]',
        CancellationReasons: reasons,
      }),
    ];
    const err = await failure(
      client().send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: 't', Item: { pk: 'A', sk: 'S' } } },
            {
              ConditionCheck: {
                TableName: 't',
                Key: { pk: 'B', sk: 'S' },
                ConditionExpression: 'v = :v',
                ExpressionAttributeValues: { ':v': 2 },
              },
            },
          ],
        }),
      ),
    );
    expect(err).toMatchObject({
      name: 'TransactionCanceledException',
      message: expect.stringMatching(/^Transaction cancelled/),
      CancellationReasons: reasons,
    });
    expect(err).not.toHaveProperty('Message');
    expect(fake.received).toHaveLength(1);
  });
});
