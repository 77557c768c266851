import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { startCognitoLocal, type CognitoLocal } from '../../local/cognito-local';
import { startDynamoLocal, type DynamoLocal } from '../../local/dynamo-local';
import { startFakeCognitoAdmin } from '../../local/fakes/cognito-admin-server';
import { startFakeS3 } from '../../local/fakes/s3-server';
import { startFakeSecretsManager } from '../../local/fakes/secrets-manager-server';
import { freePort, LOCAL_HOST } from '../../local/ports';
import { workerTableName, TEST_TABLE_PREFIX } from './worker-env';

/**
 * jest globalSetup of the integration project: the engines start ONCE per run, on free ports so a
 * running `npm start` (8000/9229) or a parallel jest run never collides. The endpoints go to
 * process.env, which jest hands to every test worker; the handles stay on globalThis for
 * global-teardown.ts (jest runs both in the same process).
 *
 * Suites run in parallel, so each jest worker gets a DynamoDB Local (in memory) of its own, with its
 * table `mixdesk-test-w<N>` (worker-env.ts picks them from JEST_WORKER_ID): a suite sees only the
 * items of the suites that ran before it in the same worker, a whole-table read never meets another
 * worker's writes, and the workers' database work runs side by side (one DynamoDB Local serves its
 * requests about one at a time: with one instance for two workers, the generated suites waited on
 * it with a core idle). Each runs with the JVM's optimising compiler (a run is minutes long: it
 * pays for its slower start many times over). Each table's change stream is consumed by its own
 * stream host (stream-host.ts, a child process: the stream handlers write to the process's
 * TABLE_NAME), which tests reach over loopback HTTP (`settleStreams()` in streams.ts).
 * cognito-local, the local S3 and Secrets Manager servers are shared: every suite makes its own
 * users, keys and secrets.
 */
export const TEST_CREATIVES_BUCKET = 'mixdesk-test-creatives';

export interface TestEngines {
  /** One per worker. */
  dynamos: DynamoLocal[];
  cognito?: CognitoLocal;
  cognitoDir: string;
  /** One per worker table: the change-stream consumers of that table. */
  streamHosts: ChildProcess[];
}

declare global {
  var __MIXDESK_ENGINES__: TestEngines | undefined;
}

const ROOT = path.resolve(__dirname, '../..');
const TSX = path.join(ROOT, 'node_modules/tsx/dist/cli.mjs');
/** A stream host that has not said where it listens by then has failed to start. */
const HOST_READY_MS = 60_000;

/** jest passes its global config: `maxWorkers` says how many workers, and so engines, the run needs. */
export default async function globalSetup(globalConfig?: { maxWorkers?: number }): Promise<void> {
  const t0 = Date.now();
  // Quiet the AWS SDK's Node-version notice in every worker.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const workers = Math.max(1, globalConfig?.maxWorkers ?? 1);
  const tables = Array.from({ length: workers }, (_, i) => workerTableName(i + 1));
  const cognitoDir = mkdtempSync(path.join(tmpdir(), 'mixdesk-test-cognito-'));
  const engines: TestEngines = { cognitoDir, dynamos: [], streamHosts: [] };
  globalThis.__MIXDESK_ENGINES__ = engines;
  try {
    const started = await Promise.allSettled([
      startCognitoLocal({ port: await freePort(), dataDir: cognitoDir }),
      ...tables.map(async (table) =>
        startDynamoLocal({
          port: await freePort(),
          tableNames: [table],
          fastJvmStartup: false,
          readyTimeoutMs: 120_000,
        }),
      ),
    ]);
    const [cog, ...dyns] = started;
    for (const d of dyns) if (d.status === 'fulfilled') engines.dynamos.push(d.value as DynamoLocal);
    if (cog.status === 'fulfilled') engines.cognito = cog.value as CognitoLocal;
    const failed = started.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) throw failed.reason;
    const cognito = engines.cognito!;
    const dynamos = engines.dynamos;

    const ports = await Promise.all(tables.map((table, i) => startStreamHost(table, dynamos[i].endpoint, engines)));
    process.env.MIXDESK_TEST_STREAMS_URLS = ports.map((p) => `http://${LOCAL_HOST}:${p}`).join(',');
    process.env.MIXDESK_TEST_DYNAMO_ENDPOINTS = dynamos.map((d) => d.endpoint).join(',');

    // The local S3 server of the creatives bucket (in memory); unref'd, so it never holds the run open.
    const s3 = await startFakeS3({
      port: 0,
      buckets: [TEST_CREATIVES_BUCKET],
      credentials: [{ accessKeyId: 'local', secretAccessKey: 'local' }],
    });
    s3.server.unref();
    process.env.S3_ENDPOINT = s3.endpoint;
    // The user pool's admin front (UsersService): the calls cognito-local lacks, the rest passed to it.
    const cognitoAdmin = await startFakeCognitoAdmin({
      port: 0,
      upstream: cognito.endpoint,
      credentials: [{ accessKeyId: 'local', secretAccessKey: 'local' }],
    });
    cognitoAdmin.server.unref();
    process.env.MIXDESK_TEST_COGNITO_ADMIN_ENDPOINT = cognitoAdmin.endpoint;
    // The local Secrets Manager (in memory) of the connectors' credentials (lambdas/modules/connectors/credentials/credential-store.ts).
    const secrets = await startFakeSecretsManager({ port: 0 });
    secrets.server.unref();
    process.env.SECRETS_MANAGER_ENDPOINT = secrets.endpoint;
    process.env.CREATIVES_BUCKET = TEST_CREATIVES_BUCKET;
    process.env.MIXDESK_TEST_DYNAMO_ENDPOINT = dynamos[0].endpoint;
    process.env.MIXDESK_TEST_TABLE_PREFIX = TEST_TABLE_PREFIX;
    process.env.MIXDESK_TEST_COGNITO_ENDPOINT = cognito.endpoint;
    process.env.MIXDESK_TEST_USER_POOL_ID = cognito.userPoolId;
    process.env.MIXDESK_TEST_CLIENT_ID = cognito.clientId;
    process.env.MIXDESK_TEST_ISSUER = cognito.issuer;
  } catch (err) {
    // jest does not run globalTeardown when globalSetup throws: clean up here.
    const { default: teardown } = await import('./global-teardown');
    await teardown();
    throw err;
  }
  if (process.env.MIXDESK_TEST_VERBOSE === '1') {
    console.log(
      `\n[global-setup] engines up in ${((Date.now() - t0) / 1000).toFixed(1)} s, ${workers} DynamoDB Local(s)`,
    );
  }
}

/** Starts stream-host.ts for one table; resolves with the port of its settle endpoint. */
function startStreamHost(table: string, dynamoEndpoint: string, engines: TestEngines): Promise<number> {
  const child = spawn(process.execPath, [TSX, path.join(__dirname, 'stream-host.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      TABLE_NAME: table,
      DYNAMODB_ENDPOINT: dynamoEndpoint,
      AWS_REGION: 'local',
      MIXDESK_LOG_LEVEL: 'silent',
    },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  engines.streamHosts.push(child);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the stream host of ${table} did not start within ${HOST_READY_MS} ms`)),
      HOST_READY_MS,
    );
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the stream host of ${table} exited with ${code}`));
    });
    createInterface({ input: child.stdout! }).once('line', (line) => {
      clearTimeout(timer);
      try {
        resolve((JSON.parse(line) as { port: number }).port);
      } catch {
        reject(new Error(`the stream host of ${table} said: ${line}`));
      }
    });
  });
}
