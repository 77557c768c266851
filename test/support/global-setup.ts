import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startCognitoLocal, type CognitoLocal } from '../../local/cognito-local';
import { startDynamoLocal, type DynamoLocal } from '../../local/dynamo-local';
import { freePort } from '../../local/ports';

/**
 * jest globalSetup: DynamoDB Local (in memory) and cognito-local (temp folder) start ONCE per run,
 * on free ports so a running `npm start` (8000/9229) or a parallel jest run never collides. The
 * endpoints go to process.env, which jest hands to every test worker; the handles stay on globalThis
 * for global-teardown.ts (jest runs both in the same process).
 */
export const TEST_TABLE = 'mixdesk-test';

export interface TestEngines {
  dynamo?: DynamoLocal;
  cognito?: CognitoLocal;
  cognitoDir: string;
}

declare global {
  // eslint-disable-next-line no-var
  var __MIXDESK_ENGINES__: TestEngines | undefined;
}

export default async function globalSetup(): Promise<void> {
  const started = Date.now();
  // Quiet the AWS SDK's Node-version notice in every worker.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const [dynamoPort, cognitoPort] = await Promise.all([freePort(), freePort()]);
  const cognitoDir = mkdtempSync(path.join(tmpdir(), 'mixdesk-test-cognito-'));
  const engines: TestEngines = { cognitoDir };
  globalThis.__MIXDESK_ENGINES__ = engines;

  const [dyn, cog] = await Promise.allSettled([
    startDynamoLocal({ port: dynamoPort, tableNames: [TEST_TABLE] }),
    startCognitoLocal({ port: cognitoPort, dataDir: cognitoDir }),
  ]);
  if (dyn.status === 'fulfilled') engines.dynamo = dyn.value;
  if (cog.status === 'fulfilled') engines.cognito = cog.value;
  if (dyn.status === 'rejected' || cog.status === 'rejected') {
    // jest does not run globalTeardown when globalSetup throws: clean up here.
    const { default: teardown } = await import('./global-teardown');
    await teardown();
    throw dyn.status === 'rejected' ? dyn.reason : (cog as PromiseRejectedResult).reason;
  }
  const dynamo = dyn.value;
  const cognito = cog.value;

  process.env.MIXDESK_TEST_DYNAMO_ENDPOINT = dynamo.endpoint;
  process.env.MIXDESK_TEST_TABLE = TEST_TABLE;
  process.env.MIXDESK_TEST_COGNITO_ENDPOINT = cognito.endpoint;
  process.env.MIXDESK_TEST_USER_POOL_ID = cognito.userPoolId;
  process.env.MIXDESK_TEST_CLIENT_ID = cognito.clientId;
  process.env.MIXDESK_TEST_ISSUER = cognito.issuer;
  if (process.env.MIXDESK_TEST_VERBOSE === '1') {
    console.log(`\n[global-setup] engines up in ${((Date.now() - started) / 1000).toFixed(1)} s: ${dynamo.endpoint}, ${cognito.endpoint}`);
  }
}
