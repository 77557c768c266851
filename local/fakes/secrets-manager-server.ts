import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import path from 'node:path';

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

interface StoredSecret {
  Name: string;
  ARN: string;
  SecretString?: string;
  VersionId: string;
  CreatedDate: number;
  LastChangedDate: number;
  KmsKeyId?: string;
  Description?: string;
  Tags?: { Key: string; Value: string }[];
  DeletedDate?: number;
}

class SmError extends Error {
  constructor(
    readonly type: string,
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

const OPERATIONS = [
  'CreateSecret',
  'PutSecretValue',
  'GetSecretValue',
  'DescribeSecret',
  'DeleteSecret',
  'RestoreSecret',
] as const;
type Operation = (typeof OPERATIONS)[number];

const NAME = /^[A-Za-z0-9/_+=.@-]{1,512}$/;
const MAX_SECRET = 65_536;
const MAX_BODY = 256 * 1024;

const notFound = () => new SmError('ResourceNotFoundException', "Secrets Manager can't find the specified secret.");
const markedDeleted = () =>
  new SmError(
    'InvalidRequestException',
    "You can't perform this operation on the secret because it was marked for deletion.",
  );

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) {
        reject(new SmError('InvalidRequestException', 'The request is too large.'));
        req.destroy();
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
const nowS = () => Math.floor(Date.now() / 1000);

export async function startFakeSecretsManager(opts: FakeSecretsManagerOptions): Promise<FakeSecretsManager> {
  const host = opts.host ?? '127.0.0.1';
  const region = opts.region ?? 'us-east-1';
  const log = opts.log ?? (() => undefined);
  const secrets = new Map<string, StoredSecret>();
  if (opts.file) {
    try {
      for (const s of JSON.parse(readFileSync(opts.file, 'utf8')) as StoredSecret[]) secrets.set(s.Name, s);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }
  const save = () => {
    if (!opts.file) return;
    mkdirSync(path.dirname(opts.file), { recursive: true });
    const tmp = `${opts.file}.tmp`;
    writeFileSync(tmp, JSON.stringify([...secrets.values()], null, 1), { mode: 0o600 });
    renameSync(tmp, opts.file);
  };

  /** A SecretId is the name or the ARN. */
  const find = (secretId: unknown): StoredSecret => {
    const id = str(secretId);
    if (!id) throw new SmError('InvalidParameterException', 'SecretId is required.');
    const s = secrets.get(id) ?? [...secrets.values()].find((x) => x.ARN === id);
    if (!s) throw notFound();
    return s;
  };
  const live = (secretId: unknown) => {
    const s = find(secretId);
    if (s.DeletedDate !== undefined) throw markedDeleted();
    return s;
  };
  const secretString = (v: unknown): string => {
    const s = str(v);
    if (s === undefined)
      throw new SmError('InvalidParameterException', 'This fake stores SecretString only: SecretString is required.');
    if (Buffer.byteLength(s) > MAX_SECRET)
      throw new SmError('InvalidParameterException', `SecretString is over ${MAX_SECRET} bytes.`);
    return s;
  };
  const versionOf = (token: unknown) => str(token) ?? randomUUID();

  const handlers: Record<Operation, (input: Record<string, unknown>) => unknown> = {
    CreateSecret(input) {
      const name = str(input.Name);
      if (!name || !NAME.test(name))
        throw new SmError('InvalidParameterException', 'Name must be 1 to 512 of A-Z a-z 0-9 / _ + = . @ -.');
      const existing = secrets.get(name);
      if (existing?.DeletedDate !== undefined)
        throw new SmError(
          'InvalidRequestException',
          `You can't create this secret because a secret with this name is already scheduled for deletion.`,
        );
      if (existing)
        throw new SmError('ResourceExistsException', `The operation failed because the secret ${name} already exists.`);
      const at = nowS();
      const s: StoredSecret = {
        Name: name,
        ARN: `arn:aws:secretsmanager:${region}:000000000000:secret:${name}-${randomBytes(3).toString('hex')}`,
        SecretString: secretString(input.SecretString),
        VersionId: versionOf(input.ClientRequestToken),
        CreatedDate: at,
        LastChangedDate: at,
        ...(str(input.KmsKeyId) ? { KmsKeyId: str(input.KmsKeyId) } : {}),
        ...(str(input.Description) ? { Description: str(input.Description) } : {}),
        ...(Array.isArray(input.Tags) ? { Tags: input.Tags as StoredSecret['Tags'] } : {}),
      };
      secrets.set(name, s);
      save();
      log(`secrets-manager: created ${name}`);
      return { ARN: s.ARN, Name: s.Name, VersionId: s.VersionId };
    },
    PutSecretValue(input) {
      const s = live(input.SecretId);
      s.SecretString = secretString(input.SecretString);
      s.VersionId = versionOf(input.ClientRequestToken);
      s.LastChangedDate = nowS();
      save();
      return { ARN: s.ARN, Name: s.Name, VersionId: s.VersionId, VersionStages: ['AWSCURRENT'] };
    },
    GetSecretValue(input) {
      const s = live(input.SecretId);
      if (input.VersionId !== undefined && input.VersionId !== s.VersionId) throw notFound();
      return {
        ARN: s.ARN,
        Name: s.Name,
        VersionId: s.VersionId,
        SecretString: s.SecretString,
        VersionStages: ['AWSCURRENT'],
        CreatedDate: s.LastChangedDate,
      };
    },
    DescribeSecret(input) {
      const s = find(input.SecretId);
      return {
        ARN: s.ARN,
        Name: s.Name,
        CreatedDate: s.CreatedDate,
        LastChangedDate: s.LastChangedDate,
        ...(s.KmsKeyId ? { KmsKeyId: s.KmsKeyId } : {}),
        ...(s.Description ? { Description: s.Description } : {}),
        ...(s.Tags ? { Tags: s.Tags } : {}),
        ...(s.DeletedDate ? { DeletedDate: s.DeletedDate } : {}),
        VersionIdsToStages: { [s.VersionId]: ['AWSCURRENT'] },
      };
    },
    DeleteSecret(input) {
      const s = find(input.SecretId);
      if (input.ForceDeleteWithoutRecovery === true && input.RecoveryWindowInDays !== undefined) {
        throw new SmError(
          'InvalidParameterException',
          "You can't use ForceDeleteWithoutRecovery in conjunction with RecoveryWindowInDays.",
        );
      }
      const at = nowS();
      if (input.ForceDeleteWithoutRecovery === true) {
        secrets.delete(s.Name);
        save();
        return { ARN: s.ARN, Name: s.Name, DeletionDate: at };
      }
      if (s.DeletedDate !== undefined) throw markedDeleted();
      const days = typeof input.RecoveryWindowInDays === 'number' ? input.RecoveryWindowInDays : 30;
      if (!Number.isInteger(days) || days < 7 || days > 30)
        throw new SmError('InvalidParameterException', 'RecoveryWindowInDays must be between 7 and 30.');
      s.DeletedDate = at;
      save();
      return { ARN: s.ARN, Name: s.Name, DeletionDate: at + days * 86_400 };
    },
    RestoreSecret(input) {
      const s = find(input.SecretId);
      delete s.DeletedDate;
      save();
      return { ARN: s.ARN, Name: s.Name };
    },
  };

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
        input = JSON.parse((await readBody(req)) || '{}');
      } catch {
        throw new SmError('SerializationException', 'The request body is not JSON.');
      }
      if (typeof input !== 'object' || input === null || Array.isArray(input))
        throw new SmError('SerializationException', 'The request body is not a JSON object.');
      reply(res, 200, handlers[op as Operation](input as Record<string, unknown>));
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
    names: () => [...secrets.keys()],
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
