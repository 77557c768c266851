import { secretsManagerCaller, SecretsManagerError, type SecretsManagerCall } from '../../../aws/secrets-manager';
import type { PlatformCredentials } from '../platform';

/**
 * Reading an agent connector's credentials from its Secrets Manager secret: what Test connection
 * and the sync workers need. Writing them is ./credential-store.ts, apart, so the routes that only
 * read bundle GetSecretValue alone, not the commands that create, replace and delete secrets.
 *
 * One secret per agent connector, named `mixdesk/<stage>/connectors/<companyId>/<agentConnectorId>`
 * (so an IAM policy can grant one stage's, or one company's, secrets by prefix). Never in DynamoDB,
 * never in a reply, never in a log line: nothing here logs, and an error names the secret, never its
 * value. Locally (`npm start`, the tests) the same signed calls go to
 * local/fakes/secrets-manager-server.ts through `SECRETS_MANAGER_ENDPOINT`.
 */
export interface ConnectorSecretRef {
  companyId: number;
  agentConnectorId: number;
}

export interface CredentialReader {
  /** The connector's credentials; undefined when it has none. */
  get(ref: ConnectorSecretRef): Promise<PlatformCredentials | undefined>;
}

export class CredentialStoreError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
    this.name = 'CredentialStoreError';
  }
}

export interface SecretsManagerStoreOptions {
  /** The stage's name (dev, staging, prod, local); default MIXDESK_STAGE, else 'local'. */
  stage?: string;
  /** A local Secrets Manager (default SECRETS_MANAGER_ENDPOINT); unset: the region's endpoint and the role's credentials. */
  endpoint?: string;
  region?: string;
  /** The KMS key the secrets are encrypted with (default CONNECTOR_SECRETS_KMS_KEY_ID; unset: the account's aws/secretsmanager key). */
  kmsKeyId?: string;
  /** The calls to Secrets Manager (default: signed calls to `endpoint`). */
  call?: SecretsManagerCall;
}

const CREDENTIAL_FIELDS = [
  'refreshToken',
  'accessToken',
  'clientId',
  'clientSecret',
  'loginCustomerId',
] as const satisfies readonly (keyof PlatformCredentials)[];

function positiveId(n: number, what: string): number {
  if (!Number.isSafeInteger(n) || n <= 0)
    throw new CredentialStoreError(`${what} must be a positive integer`, 'InvalidRef');
  return n;
}

/** `mixdesk/<stage>/connectors/<companyId>/<agentConnectorId>`. */
export function connectorSecretName(stage: string, ref: ConnectorSecretRef): string {
  if (!/^[a-z0-9-]{1,32}$/.test(stage))
    throw new CredentialStoreError('the stage name must be lower-case letters, digits or dashes', 'InvalidRef');
  return `mixdesk/${stage}/connectors/${positiveId(ref.companyId, 'companyId')}/${positiveId(ref.agentConnectorId, 'agentConnectorId')}`;
}

/** Only the known string fields go in or come out: a secret never carries anything else. */
export function credentialsOf(value: unknown): PlatformCredentials {
  if (typeof value !== 'object' || value === null)
    throw new CredentialStoreError('the stored secret is not a JSON object', 'MalformedSecret');
  const out: PlatformCredentials = {};
  for (const field of CREDENTIAL_FIELDS) {
    const v = (value as Record<string, unknown>)[field];
    if (typeof v === 'string' && v !== '') out[field] = v;
  }
  return out;
}

/** The stage, key and calls both the reader and the store work with. */
export interface SecretsManagerSession {
  stage: string;
  kmsKeyId?: string;
  call: SecretsManagerCall;
}

/** Secrets Manager's answer that the secret is not there. */
export const isNotFound = (err: unknown) =>
  err instanceof SecretsManagerError && err.name === 'ResourceNotFoundException';

export function secretsManagerSession(opts: SecretsManagerStoreOptions = {}): SecretsManagerSession {
  return {
    stage: opts.stage ?? process.env.MIXDESK_STAGE ?? 'local',
    kmsKeyId: opts.kmsKeyId ?? process.env.CONNECTOR_SECRETS_KMS_KEY_ID,
    call: opts.call ?? secretsManagerCaller({ endpoint: opts.endpoint, region: opts.region }),
  };
}

export function secretsManagerCredentialReader(
  session: SecretsManagerSession = secretsManagerSession(),
): CredentialReader {
  return {
    async get(ref) {
      const SecretId = connectorSecretName(session.stage, ref);
      let secret: unknown;
      try {
        secret = (await session.call('GetSecretValue', { SecretId })).SecretString;
      } catch (err) {
        if (isNotFound(err)) return undefined;
        throw err;
      }
      if (typeof secret !== 'string') return undefined;
      let parsed: unknown;
      try {
        parsed = JSON.parse(secret);
      } catch {
        throw new CredentialStoreError(`the secret ${SecretId} is not JSON`, 'MalformedSecret');
      }
      return credentialsOf(parsed);
    },
  };
}
