import {
  CreateSecretCommand,
  DeleteSecretCommand,
  PutSecretValueCommand,
  ResourceExistsException,
  ResourceNotFoundException,
} from '@aws-sdk/client-secrets-manager';
import {
  connectorSecretName,
  credentialsOf,
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
 * docs/connectors.md "Secrets Manager: SDK or signed fetch" says why this is the SDK client and what
 * it costs a bundle.
 */
export interface CredentialStore extends CredentialReader {
  /** Creates the connector's secret, or replaces its value (a new version) when it exists. */
  put(ref: ConnectorSecretRef, credentials: PlatformCredentials): Promise<void>;
  /** Removes the secret at once (no recovery window); removing one that is not there is not an error. */
  delete(ref: ConnectorSecretRef): Promise<void>;
}

export function secretsManagerCredentialStore(opts: SecretsManagerStoreOptions = {}): CredentialStore {
  const session = secretsManagerSession(opts);
  const { stage, kmsKeyId, sm } = session;
  return {
    ...secretsManagerCredentialReader(session),

    async put(ref, credentials) {
      const SecretId = connectorSecretName(stage, ref);
      const SecretString = JSON.stringify(credentialsOf(credentials));
      try {
        await sm().send(
          new CreateSecretCommand({
            Name: SecretId,
            SecretString,
            ...(kmsKeyId ? { KmsKeyId: kmsKeyId } : {}),
            Description: 'Mixdesk agent connector credentials (write-only)',
            Tags: [{ Key: 'mixdesk:companyId', Value: String(ref.companyId) }],
          }),
        );
      } catch (err) {
        if (!(err instanceof ResourceExistsException)) throw err;
        await sm().send(new PutSecretValueCommand({ SecretId, SecretString }));
      }
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
