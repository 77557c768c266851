import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  GetSecretValueCommand,
  SecretsManagerClient,
  DeleteSecretCommand,
  CreateSecretCommand,
  ResourceNotFoundException,
} from '@aws-sdk/client-secrets-manager';
import { connectorSecretName } from '../../lambdas/modules/connectors/credentials/credential-reader';
import { secretsManagerCredentialStore } from '../../lambdas/modules/connectors/credentials/credential-store';
import { startFakeSecretsManager } from '../../local/fakes/secrets-manager-server';

/**
 * The credential store on the real @aws-sdk/client-secrets-manager against the local Secrets Manager
 * the jest setup starts (SECRETS_MANAGER_ENDPOINT): put, get, replace, delete, not found, and the
 * secret's name and contents as the cloud will hold them.
 */
const endpoint = () => process.env.SECRETS_MANAGER_ENDPOINT!;
const sdk = () =>
  new SecretsManagerClient({
    endpoint: endpoint(),
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
// A company id of this run's own, so a re-run against a kept server never meets an old secret.
const companyId = 1_000_000 + Math.floor(Math.random() * 1_000_000);

test('the secret is named mixdesk/<stage>/connectors/<companyId>/<agentConnectorId>; bad parts are refused', () => {
  expect(connectorSecretName('dev', { companyId: 7, agentConnectorId: 12 })).toBe('mixdesk/dev/connectors/7/12');
  expect(() => connectorSecretName('dev', { companyId: 0, agentConnectorId: 12 })).toThrow(/companyId/);
  expect(() => connectorSecretName('dev/../prod', { companyId: 7, agentConnectorId: 12 })).toThrow(/stage/);
});

test('put, get, replace, delete; get and delete of a missing one', async () => {
  const store = secretsManagerCredentialStore({ stage: 'test' });
  const ref = { companyId, agentConnectorId: 1 };
  expect(await store.get(ref)).toBeUndefined();

  await store.put(ref, { refreshToken: '1//first-refresh', clientId: 'client-a', clientSecret: 'secret-a' });
  expect(await store.get(ref)).toEqual({
    refreshToken: '1//first-refresh',
    clientId: 'client-a',
    clientSecret: 'secret-a',
  });

  // Replace: a new version, the old fields gone, unknown fields never stored.
  await store.put(ref, { accessToken: 'EAAB-long-lived', ...({ note: 'not a credential' } as object) });
  expect(await store.get(ref)).toEqual({ accessToken: 'EAAB-long-lived' });
  const raw = await sdk().send(new GetSecretValueCommand({ SecretId: `mixdesk/test/connectors/${companyId}/1` }));
  expect(JSON.parse(raw.SecretString!)).toEqual({ accessToken: 'EAAB-long-lived' });

  // Another connector's secret is its own.
  const other = { companyId, agentConnectorId: 2 };
  await store.put(other, { refreshToken: '1//other' });
  expect(await store.get(other)).toEqual({ refreshToken: '1//other' });

  await store.delete(ref);
  expect(await store.get(ref)).toBeUndefined();
  await expect(
    sdk().send(new GetSecretValueCommand({ SecretId: `mixdesk/test/connectors/${companyId}/1` })),
  ).rejects.toBeInstanceOf(ResourceNotFoundException);
  await store.delete(ref); // already gone: no error
  // Deleted at once, so the same connector can be given credentials again.
  await store.put(ref, { refreshToken: '1//again' });
  expect(await store.get(ref)).toEqual({ refreshToken: '1//again' });
  expect(await store.get(other)).toEqual({ refreshToken: '1//other' });
});

test('the local server answers as Secrets Manager does: ResourceExistsException, a recovery window, the error shape', async () => {
  const client = sdk();
  const Name = `mixdesk/test/connectors/${companyId}/99`;
  await client.send(new CreateSecretCommand({ Name, SecretString: '{}' }));
  await expect(client.send(new CreateSecretCommand({ Name, SecretString: '{}' }))).rejects.toMatchObject({
    name: 'ResourceExistsException',
  });
  await client.send(new DeleteSecretCommand({ SecretId: Name, RecoveryWindowInDays: 7 }));
  await expect(client.send(new GetSecretValueCommand({ SecretId: Name }))).rejects.toMatchObject({
    name: 'InvalidRequestException',
  });
  const res = await fetch(endpoint(), {
    method: 'POST',
    headers: { 'x-amz-target': 'secretsmanager.GetSecretValue', 'content-type': 'application/x-amz-json-1.1' },
    body: '{"SecretId":"x"}',
  });
  expect(res.status).toBe(403);
});

test('with a file, the local server keeps its secrets across a restart', async () => {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'mixdesk-sm-')), 'secrets.json');
  const first = await startFakeSecretsManager({ port: 0, file });
  await secretsManagerCredentialStore({ stage: 'local', endpoint: first.endpoint }).put(
    { companyId: 3, agentConnectorId: 4 },
    { refreshToken: '1//kept' },
  );
  await first.stop();
  expect(JSON.parse(readFileSync(file, 'utf8'))).toHaveLength(1);
  const second = await startFakeSecretsManager({ port: 0, file });
  try {
    expect(
      await secretsManagerCredentialStore({ stage: 'local', endpoint: second.endpoint }).get({
        companyId: 3,
        agentConnectorId: 4,
      }),
    ).toEqual({ refreshToken: '1//kept' });
  } finally {
    await second.stop();
  }
});
