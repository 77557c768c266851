import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { readBody } from './platform-fake-server';
import { OPERATIONS, SecretStore, SmError, type Operation } from './secrets-manager-store';

/**
 * A local AWS Secrets Manager for `npm start` and the tests: the service's JSON protocol (awsJson1_1:
 * `POST /`, `x-amz-target: secretsmanager.<Operation>`, `application/x-amz-json-1.1`), so the same
 * signed calls the cloud runs (lambdas/aws/secrets-manager.ts), and the SDK's client the tests check
 * them with, talk to it unchanged. Operations: CreateSecret, PutSecretValue, GetSecretValue, DescribeSecret,
 * DeleteSecret (a recovery window marks the secret deleted — every call but Describe then answers
 * InvalidRequestException, as AWS does; ForceDeleteWithoutRecovery removes it) and RestoreSecret.
 * Errors in Secrets Manager's JSON shape (`{"__type":"ResourceNotFoundException","message":…}`,
 * status 400): ResourceNotFoundException, ResourceExistsException, InvalidParameterException,
 * InvalidRequestException.
 *
 * The request must carry a SigV4 Authorization scoped to `secretsmanager` (the signature itself is
 * not recomputed: the SDK signs, and nothing here is reachable from the network). Secrets live in
 * memory, and in `file` (JSON, under .local/) when given, so `npm start` keeps them across restarts.
 */
export interface FakeSecretsManagerOptions {
  port: number;
  host?: string;
  /** Keep the secrets in this JSON file (created when missing). */
  file?: string;
  region?: string;
  log?: (line: string) => void;
}

export interface FakeSecretsManager {
  endpoint: string;
  port: number;
  server: Server;
  /** The names of the secrets held (deleted ones included), for tests. */
  names(): string[];
  stop(): Promise<void>;
}

const MAX_BODY = 256 * 1024;

const readRequest = (req: IncomingMessage) =>
  readBody(req, MAX_BODY, () => new SmError('InvalidRequestException', 'The request is too large.'));

export async function startFakeSecretsManager(opts: FakeSecretsManagerOptions): Promise<FakeSecretsManager> {
  const host = opts.host ?? '127.0.0.1';
  const store = new SecretStore(opts.file, opts.region ?? 'us-east-1', opts.log ?? (() => undefined));
  const reply = (res: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}) =>
    res
      .writeHead(status, { 'content-type': 'application/x-amz-json-1.1', 'x-amzn-requestid': randomUUID(), ...headers })
      .end(JSON.stringify(value));
  const refuse = (res: ServerResponse, e: SmError) =>
    reply(res, e.status, { __type: e.type, message: e.message, Message: e.message }, { 'x-amzn-errortype': e.type });

  const server = createServer((req, res) => {
    const run = async () => {
      if (req.method !== 'POST' || (req.url ?? '/').split('?')[0] !== '/')
        throw new SmError('UnknownOperationException', 'Not found', 404);
      const target = String(req.headers['x-amz-target'] ?? '');
      const op = target.startsWith('secretsmanager.') ? target.slice('secretsmanager.'.length) : '';
      if (!(OPERATIONS as readonly string[]).includes(op))
        throw new SmError('UnknownOperationException', `This fake does not implement ${target || 'that operation'}.`);
      const auth = String(req.headers.authorization ?? '');
      if (!/^AWS4-HMAC-SHA256 Credential=[^/]+\/\d{8}\/[\w-]+\/secretsmanager\/aws4_request,/.test(auth)) {
        throw new SmError(
          'MissingAuthenticationTokenException',
          'Missing or malformed SigV4 Authorization for the secretsmanager service.',
          403,
        );
      }
      let input: unknown;
      try {
        input = JSON.parse((await readRequest(req)) || '{}');
      } catch {
        throw new SmError('SerializationException', 'The request body is not JSON.');
      }
      if (typeof input !== 'object' || input === null || Array.isArray(input))
        throw new SmError('SerializationException', 'The request body is not a JSON object.');
      reply(res, 200, store[op as Operation](input as Record<string, unknown>));
    };
    run().catch((err: unknown) => {
      if (res.headersSent) return;
      refuse(res, err instanceof SmError ? err : new SmError('InternalServiceError', (err as Error).message, 500));
    });
  });
  // Idle keep-alive connections must not hold a test run (or a stop) open, as with the local S3 server.
  server.keepAliveTimeout = 1000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : opts.port;
  return {
    endpoint: `http://${host}:${port}`,
    port,
    server,
    names: () => [...store.secrets.keys()],
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
