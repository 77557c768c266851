import {
  CreateSecretCommand,
  DeleteSecretCommand,
  GetSecretValueCommand,
  PutSecretValueCommand,
  ResourceExistsException,
  ResourceNotFoundException,
  SecretsManagerClient,
} from '@aws-sdk/client-secrets-manager';
import type { PlatformCredentials } from './platform';

/**
 * Where an agent connector's credentials live (issue 12 §1): write-only, one AWS Secrets Manager
 * secret per agent connector, named `mixdesk/<stage>/connectors/<companyId>/<agentConnectorId>`
 * (so an IAM policy can grant one stage's, or one company's, secrets by prefix), encrypted with the
 * stage's KMS key. Never in DynamoDB, never in a reply, never in a log line: nothing here logs, and
 * an error names the secret, never its value.
 *
 * Locally (`npm start`, the tests) the same SDK client talks to local/fakes/secrets-manager-server.ts
 * through `SECRETS_MANAGER_ENDPOINT`. docs/connectors.md "Secrets Manager: SDK or signed fetch" says
 * why this is the SDK client and what it costs a bundle.
 */
export interface ConnectorSecretRef {
  companyId: number;
  agentConnectorId: number;
}

export interface CredentialStore {
  /** Creates the connector's secret, or replaces its value (a new version) when it exists. */
  put(ref: ConnectorSecretRef, credentials: PlatformCredentials): Promise<void>;
  /** The connector's credentials; undefined when it has none. */
  get(ref: ConnectorSecretRef): Promise<PlatformCredentials | undefined>;
  /** Removes the secret at once (no recovery window); removing one that is not there is not an error. */
  delete(ref: ConnectorSecretRef): Promise<void>;
}

export class CredentialStoreError extends Error {
  constructor(message: string, readonly code: string) {
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
  client?: SecretsManagerClient;
}

const CREDENTIAL_FIELDS = ['refreshToken', 'accessToken', 'clientId', 'clientSecret', 'loginCustomerId'] as const satisfies readonly (keyof PlatformCredentials)[];

function positiveId(n: number, what: string): number {
  if (!Number.isSafeInteger(n) || n <= 0) throw new CredentialStoreError(`${what} must be a positive integer`, 'InvalidRef');
  return n;
}

/** `mixdesk/<stage>/connectors/<companyId>/<agentConnectorId>`. */
export function connectorSecretName(stage: string, ref: ConnectorSecretRef): string {
  if (!/^[a-z0-9-]{1,32}$/.test(stage)) throw new CredentialStoreError('the stage name must be lower-case letters, digits or dashes', 'InvalidRef');
  return `mixdesk/${stage}/connectors/${positiveId(ref.companyId, 'companyId')}/${positiveId(ref.agentConnectorId, 'agentConnectorId')}`;
}

/** Only the known string fields go in or come out: a secret never carries anything else. */
function credentialsOf(value: unknown): PlatformCredentials {
  if (typeof value !== 'object' || value === null) throw new CredentialStoreError('the stored secret is not a JSON object', 'MalformedSecret');
  const out: PlatformCredentials = {};
  for (const field of CREDENTIAL_FIELDS) {
    const v = (value as Record<string, unknown>)[field];
    if (typeof v === 'string' && v !== '') out[field] = v;
  }
  return out;
}

export function secretsManagerCredentialStore(opts: SecretsManagerStoreOptions = {}): CredentialStore {
  const stage = opts.stage ?? process.env.MIXDESK_STAGE ?? 'local';
  const endpoint = opts.endpoint ?? process.env.SECRETS_MANAGER_ENDPOINT;
  const kmsKeyId = opts.kmsKeyId ?? process.env.CONNECTOR_SECRETS_KMS_KEY_ID;
  let client = opts.client;
  const sm = () => {
    client ??= new SecretsManagerClient({
      region: opts.region ?? process.env.AWS_REGION ?? 'us-east-1',
      ...(endpoint ? { endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
      maxAttempts: 3,
    });
    return client;
  };

  return {
    async put(ref, credentials) {
      const SecretId = connectorSecretName(stage, ref);
      const SecretString = JSON.stringify(credentialsOf(credentials));
      try {
        await sm().send(new CreateSecretCommand({
          Name: SecretId, SecretString, ...(kmsKeyId ? { KmsKeyId: kmsKeyId } : {}),
          Description: 'Mixdesk agent connector credentials (write-only)',
          Tags: [{ Key: 'mixdesk:companyId', Value: String(ref.companyId) }],
        }));
      } catch (err) {
        if (!(err instanceof ResourceExistsException)) throw err;
        await sm().send(new PutSecretValueCommand({ SecretId, SecretString }));
      }
    },

    async get(ref) {
      const SecretId = connectorSecretName(stage, ref);
      let secret: string | undefined;
      try {
        secret = (await sm().send(new GetSecretValueCommand({ SecretId }))).SecretString;
      } catch (err) {
        if (err instanceof ResourceNotFoundException) return undefined;
        throw err;
      }
      if (secret === undefined) return undefined;
      let parsed: unknown;
      try {
        parsed = JSON.parse(secret);
      } catch {
        throw new CredentialStoreError(`the secret ${SecretId} is not JSON`, 'MalformedSecret');
      }
      return credentialsOf(parsed);
    },

    async delete(ref) {
      const SecretId = connectorSecretName(stage, ref);
      try {
        await sm().send(new DeleteSecretCommand({ SecretId, ForceDeleteWithoutRecovery: true }));
      } catch (err) {
        if (!(err instanceof ResourceNotFoundException)) throw err;
      }
    },
  };
}
