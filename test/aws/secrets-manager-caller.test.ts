import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { secretsManagerCaller, SecretsManagerError } from '../../lambdas/aws/secrets-manager';
import { scriptedServer, type ScriptedReply } from '../support/scripted-server';

/**
 * The Secrets Manager caller (lambdas/aws/secrets-manager.ts) against a small fake of the service's
 * JSON 1.1 protocol that answers each request with the next scripted reply: the operation as the
 * service receives it, errors named by the service's code, and retries only where the SDK's standard
 * mode makes them (throttling, 5xx, a call that got no answer; never an error of the request).
 * The store's operations against the local Secrets Manager are test/connectors/credential-store.test.ts.
 */
const sleeps: number[] = [];

const json = (status: number, body: unknown, headers: Record<string, string> = {}): ScriptedReply => ({
  status,
  body: JSON.stringify(body),
  headers: { 'content-type': 'application/x-amz-json-1.1', ...headers },
});
const error = (status: number, type: string, message: string) => json(status, { __type: type, message });

const fake = scriptedServer(json(200, {}));
beforeEach(() => {
  sleeps.length = 0;
});

const call = (o: { endpoint?: string; timeoutMs?: number } = {}) =>
  secretsManagerCaller({
    endpoint: o.endpoint ?? fake.endpoint,
    region: 'eu-west-1',
    timeoutMs: o.timeoutMs ?? 30_000,
    sleep: async (ms) => void sleeps.push(ms),
  });
const failure = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (e: unknown) => e as SecretsManagerError,
  );

it('sends the operation as the service reads it, signed, and answers its JSON', async () => {
  fake.script = [json(200, { ARN: 'arn:secret', Name: 'mixdesk/test/connectors/1/2', SecretString: '{"a":1}' })];
  const out = await call()('GetSecretValue', { SecretId: 'mixdesk/test/connectors/1/2' });
  expect(out.SecretString).toBe('{"a":1}');
  expect(fake.received).toHaveLength(1);
  const { headers, body } = fake.received[0];
  expect(headers['x-amz-target']).toBe('secretsmanager.GetSecretValue');
  expect(headers['content-type']).toBe('application/x-amz-json-1.1');
  expect(headers.authorization).toMatch(
    /^AWS4-HMAC-SHA256 Credential=local\/\d{8}\/eu-west-1\/secretsmanager\/aws4_request/,
  );
  expect(JSON.parse(body)).toEqual({ SecretId: 'mixdesk/test/connectors/1/2' });
});

it("an error of the request is named by the service's code and not tried again", async () => {
  fake.script = [error(400, 'ResourceNotFoundException', "Secrets Manager can't find the specified secret.")];
  const e = await failure(call()('GetSecretValue', { SecretId: 'x' }));
  expect(e).toBeInstanceOf(SecretsManagerError);
  expect(e).toMatchObject({ name: 'ResourceNotFoundException', httpStatusCode: 400 });
  expect(e.message).toMatch(/can't find the specified secret/);
  expect(fake.received).toHaveLength(1);
});

it('the code in the x-amzn-errortype header wins, in its bare form', async () => {
  fake.script = [
    { ...error(400, 'Other', 'exists'), headers: { 'x-amzn-errortype': 'ResourceExistsException:http://x' } },
  ];
  expect(await failure(call()('CreateSecret', { Name: 'x', SecretString: '{}' }))).toMatchObject({
    name: 'ResourceExistsException',
  });
});

it('a 5xx and a throttled call are tried again, with a backoff', async () => {
  fake.script = [
    error(500, 'InternalServiceError', 'boom'),
    error(400, 'ThrottlingException', 'slow down'),
    json(200, {}),
  ];
  expect(await call()('PutSecretValue', { SecretId: 'x', SecretString: '{}' })).toEqual({});
  expect(fake.received).toHaveLength(3);
  expect(sleeps).toHaveLength(2);
});

it('gives up after three tries with the last error', async () => {
  fake.script = [error(503, 'ServiceUnavailable', 'a'), error(503, 'ServiceUnavailable', 'b'), error(503, 'X', 'c')];
  expect(await failure(call()('DeleteSecret', { SecretId: 'x' }))).toMatchObject({ name: 'X', httpStatusCode: 503 });
  expect(fake.received).toHaveLength(3);
});

it('a stalled call times out and is tried again', async () => {
  fake.script = [{ status: 0, body: '', hang: true }, json(200, { SecretString: 's' })];
  expect((await call({ timeoutMs: 1500 })('GetSecretValue', { SecretId: 'x' })).SecretString).toBe('s');
  expect(fake.received).toHaveLength(2);
});

it('a 200 whose body is not a JSON object fails at once; a refused connection after three tries', async () => {
  fake.script = [{ status: 200, body: '<html>proxy</html>' }];
  expect(await failure(call()('GetSecretValue', { SecretId: 'x' }))).toMatchObject({ name: 'MalformedReply' });
  expect(fake.received).toHaveLength(1);

  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const port = (closed.address() as AddressInfo).port;
  await new Promise((resolve) => closed.close(resolve));
  expect(
    await failure(call({ endpoint: `http://127.0.0.1:${port}` })('GetSecretValue', { SecretId: 'x' })),
  ).toMatchObject({ name: 'NetworkError' });
  expect(sleeps).toHaveLength(2);
});
