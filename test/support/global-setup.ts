import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { handler as auditLineChanges } from '../../lambdas/streams/audit-line-changes';
import { notifyPlanChanges } from '../../lambdas/streams/notify-plan-changes';
import { matchesPlanNotifyFilter } from '../../lambdas/streams/stream-handlers';
import { setLocalHandlerEnv } from '../../local/api-server';
import { startCognitoLocal, type CognitoLocal } from '../../local/cognito-local';
import { startDynamoLocal, type DynamoLocal } from '../../local/dynamo-local';
import { startFakeCognitoAdmin } from '../../local/fakes/cognito-admin-server';
import { startFakeS3 } from '../../local/fakes/s3-server';
import { startFakeSecretsManager } from '../../local/fakes/secrets-manager-server';
import { freePort, LOCAL_HOST } from '../../local/ports';
import { startStreamPoller, type StreamPoller } from '../../local/stream-poller';

/**
 * jest globalSetup: DynamoDB Local (in memory) and cognito-local (temp folder) start ONCE per run,
 * on free ports so a running `npm start` (8000/9229) or a parallel jest run never collides. The
 * endpoints go to process.env, which jest hands to every test worker; the handles stay on globalThis
 * for global-teardown.ts (jest runs both in the same process).
 *
 * One stream poller (local/stream-poller.ts) runs here too, feeding the table's change stream to the
 * audit handler as Lambda does in the cloud. Tests may run in worker processes, so they reach it
 * over a loopback HTTP endpoint (`GET /settle`, answered once every record written before the
 * request is handled): `settleStreams()` in test/support/streams.ts.
 */
export const TEST_TABLE = 'mixdesk-test';
export const TEST_CREATIVES_BUCKET = 'mixdesk-test-creatives';

export interface TestEngines {
  dynamo?: DynamoLocal;
  cognito?: CognitoLocal;
  cognitoDir: string;
  streams?: StreamPoller;
  /** The second consumer: plan approval notifications (no mail: the tests of mail start their own SES server). */
  notifyStreams?: StreamPoller;
  settleServer?: Server;
}

/** A settle that takes longer than this answers 504, so a test fails instead of hanging. */
const SETTLE_TIMEOUT_MS = 30_000;

declare global {
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

  // The handler runs in this process: point its repositories at the test table (as the workers do).
  setLocalHandlerEnv({ tableName: TEST_TABLE, dynamoEndpoint: dynamo.endpoint });
  engines.streams = startStreamPoller({ endpoint: dynamo.endpoint, tableName: TEST_TABLE, handler: auditLineChanges });
  engines.notifyStreams = startStreamPoller({
    endpoint: dynamo.endpoint, tableName: TEST_TABLE, handler: notifyPlanChanges({}), filter: matchesPlanNotifyFilter,
  });
  try {
    engines.settleServer = await startSettleServer([engines.streams, engines.notifyStreams]);
  } catch (err) {
    const { default: teardown } = await import('./global-teardown');
    await teardown();
    throw err;
  }
  const address = engines.settleServer.address();
  process.env.MIXDESK_TEST_STREAMS_URL = `http://${LOCAL_HOST}:${typeof address === 'object' && address ? address.port : 0}`;

  // The local S3 server of the creatives bucket (in memory); unref'd, so it never holds the run open.
  const s3 = await startFakeS3({ port: 0, buckets: [TEST_CREATIVES_BUCKET], credentials: [{ accessKeyId: 'local', secretAccessKey: 'local' }] });
  s3.server.unref();
  process.env.S3_ENDPOINT = s3.endpoint;
  // The user pool's admin front (UsersService): the calls cognito-local lacks, the rest passed to it.
  const cognitoAdmin = await startFakeCognitoAdmin({ port: 0, upstream: cognito.endpoint, credentials: [{ accessKeyId: 'local', secretAccessKey: 'local' }] });
  cognitoAdmin.server.unref();
  process.env.MIXDESK_TEST_COGNITO_ADMIN_ENDPOINT = cognitoAdmin.endpoint;
  // The local Secrets Manager (in memory) of the connectors' credentials (lambdas/connectors/credential-store.ts).
  const secrets = await startFakeSecretsManager({ port: 0 });
  secrets.server.unref();
  process.env.SECRETS_MANAGER_ENDPOINT = secrets.endpoint;
  process.env.CREATIVES_BUCKET = TEST_CREATIVES_BUCKET;
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

function startSettleServer(pollers: StreamPoller[]): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url !== '/settle') {
      res.writeHead(404).end();
      return;
    }
    const answer = (status: number, text: string) => {
      clearTimeout(timer);
      if (!res.headersSent) res.writeHead(status, { 'content-type': 'text/plain' }).end(text);
    };
    const timer = setTimeout(() => answer(504, `the stream poller did not settle within ${SETTLE_TIMEOUT_MS} ms`), SETTLE_TIMEOUT_MS);
    Promise.all(pollers.map((p) => p.settle())).then(
      () => answer(200, 'settled'),
      (err: Error) => answer(500, err.message),
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, LOCAL_HOST, () => resolve(server));
  });
}
