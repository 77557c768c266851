import { SecretsManagerError } from '../../../aws/secrets-manager';
import {
  connectorSecretName,
  credentialsOf,
  isNotFound,
  secretsManagerCredentialReader,
  secretsManagerSession,
  type ConnectorSecretRef,
  type CredentialReader,
  type SecretsManagerStoreOptions,
} from './credential-reader';
import type { PlatformCredentials } from '../platform';

/**
 * Where an agent connector's credentials live: write-only, one AWS Secrets Manager secret per agent
 * connector (./credential-reader.ts names it and reads it), encrypted with the stage's KMS key.
 * docs/connectors.md "Secrets Manager: SDK or signed fetch" says why these are signed calls.
 */
export interface CredentialStore extends CredentialReader {
  /** Creates the connector's secret, or replaces its value (a new version) when it exists. */
  put(ref: ConnectorSecretRef, credentials: PlatformCredentials): Promise<void>;
  /** Removes the secret at once (no recovery window); removing one that is not there is not an error. */
  delete(ref: ConnectorSecretRef): Promise<void>;
}

export function secretsManagerCredentialStore(opts: SecretsManagerStoreOptions = {}): CredentialStore {
  const session = secretsManagerSession(opts);
  const { stage, kmsKeyId, call } = session;
  return {
    ...secretsManagerCredentialReader(session),

    async put(ref, credentials) {
      const SecretId = connectorSecretName(stage, ref);
      const SecretString = JSON.stringify(credentialsOf(credentials));
      try {
        await call('CreateSecret', {
          Name: SecretId,
          SecretString,
          ...(kmsKeyId ? { KmsKeyId: kmsKeyId } : {}),
          Description: 'Mixdesk agent connector credentials (write-only)',
          Tags: [{ Key: 'mixdesk:companyId', Value: String(ref.companyId) }],
        });
      } catch (err) {
        if (!(err instanceof SecretsManagerError && err.name === 'ResourceExistsException')) throw err;
        await call('PutSecretValue', { SecretId, SecretString });
      }
    },

    async delete(ref) {
      const SecretId = connectorSecretName(stage, ref);
      try {
        await call('DeleteSecret', { SecretId, ForceDeleteWithoutRecovery: true });
      } catch (err) {
        if (!isNotFound(err)) throw err;
      }
    },
  };
}
