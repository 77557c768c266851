import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { platformSpecs } from '../lambdas/modules/connectors/platforms/registry';
import type { PlatformId } from '../lambdas/shared/connector-platforms';
import type { LocalStack, LocalStackOptions, StackCtx } from './stack-types';
import { startApi, startCognitoAdmin, startWeb } from './stack-servers';
import { startCognitoLocal, type CognitoLocal } from './cognito-local';
import { DEMO_PASSWORD, DEMO_USERS } from './demo-data';
import { startDynamoLocal, type DynamoLocal } from './dynamo-local';
import type { FakeCampaignNames } from './fakes/ads-demo-data';
import { startFakeBedrock } from './fakes/bedrock-server';
import type { RunningPlatformFake } from './fakes/platform-fake-server';
import { PLATFORM_FAKES, type PlatformFakeEntry } from './fakes/platform-fakes';
import { startFakeS3 } from './fakes/s3-server';
import { startFakeSecretsManager } from './fakes/secrets-manager-server';
import { startFakeSes } from './fakes/ses-server';
import {
  API_PORT,
  BEDROCK_PORT,
  COGNITO_PORT,
  DYNAMO_PORT,
  freePort,
  S3_PORT,
  SECRETS_MANAGER_PORT,
  SES_PORT,
  WEB_PORT,
} from './ports';
import { createDemoUser, seedDemoData, type SeedOptions } from './seed';
import { seedDemoOrders } from './demo-orders';
import { listCompanyIds } from '../lambdas/modules/tenancy';
import { payablesTotalsMissing, rebuildPayablesTotals } from '../lambdas/modules/vendor-bills';
import { ORDER_ACCEPT_PATH } from '../lambdas/modules/orders';
import { seedDemoLinks } from './demo-links';
import { CONFIRM_CONTACT_PATH, PACING_DIGEST_UNSUBSCRIBE_PATH } from '../lambdas/jobs/job-handlers';
import { LOCAL_MAIL_FROM, reportScheduleRunner, startBackground } from './stack-background';

/**
 * `npm start`: the whole of Mixdesk on one machine, offline, started step by step (stack-types.ts
 * has what it takes and gives). `startLocalStack` is also what the browser tests and the benchmarks start.
 */
export type { LocalStack, LocalStackOptions } from './stack-types';

const REPO_ROOT = path.resolve(__dirname, '..');
export const LOCAL_TABLE_NAME = 'mixdesk-local';
export const LOCAL_CREATIVES_BUCKET = 'mixdesk-local-creatives';
/** The model id the local analysis names with MIXDESK_BEDROCK=fake (the fake answers any id). */
export const LOCAL_BEDROCK_MODEL = 'local.fake-analyst-v1';

const stripAnsi = (s: string) => s.replace(/\u001b\[[0-9;]*m/g, '');

async function contextOf(opts: LocalStackOptions): Promise<StackCtx> {
  const pick = async (p: number | undefined, fallback: number) =>
    (p ?? fallback) === 0 ? freePort() : (p ?? fallback);
  return {
    opts,
    log: opts.log ?? ((line: string) => console.log(line)),
    tableName: opts.tableName ?? LOCAL_TABLE_NAME,
    ports: {
      dynamo: await pick(opts.ports?.dynamo, DYNAMO_PORT),
      cognito: await pick(opts.ports?.cognito, COGNITO_PORT),
      api: await pick(opts.ports?.api, API_PORT),
      web: await pick(opts.ports?.web, WEB_PORT),
    },
    dataRoot: path.resolve(opts.dataDir ?? path.join(REPO_ROOT, '.local')),
    cleanups: [],
    pick,
    fakePort: (p, fallback) => pick(p ?? (opts.inMemory ? 0 : undefined), fallback),
  };
}

/** DynamoDB Local and cognito-local, in parallel; if one fails the other is stopped before rethrowing. */
async function startEngines(c: StackCtx): Promise<{ dynamo: DynamoLocal; cognito: CognitoLocal }> {
  const { opts, log, dataRoot } = c;
  const cognitoDir = opts.inMemory
    ? mkdtempSync(path.join(tmpdir(), 'mixdesk-cognito-'))
    : path.join(dataRoot, 'cognito');
  const [dyn, cog] = await Promise.allSettled([
    startDynamoLocal({
      port: c.ports.dynamo,
      dataDir: opts.inMemory ? undefined : path.join(dataRoot, 'dynamodb'),
      tableNames: [c.tableName],
      fastJvmStartup: opts.fastJvmStartup,
    }),
    startCognitoLocal({
      port: c.ports.cognito,
      dataDir: cognitoDir,
      log: opts.engineLog ? (line) => log(`cognito | ${stripAnsi(line)}`) : undefined,
    }),
  ]);
  if (opts.inMemory) c.cleanups.push(async () => rmSync(cognitoDir, { recursive: true, force: true }));
  if (dyn.status === 'fulfilled') c.cleanups.push(() => dyn.value.stop());
  if (cog.status === 'fulfilled') c.cleanups.push(() => cog.value.stop());
  if (dyn.status === 'rejected') throw dyn.reason;
  if (cog.status === 'rejected') throw cog.reason;
  return { dynamo: dyn.value, cognito: cog.value };
}

/** The AWS services' stand-ins the handlers of this process reach: S3, SES, Secrets Manager, and Bedrock when asked. */
async function startAwsFakes(c: StackCtx, allowedOrigins: string[]) {
  const { opts, dataRoot } = c;
  // The creatives bucket on the local S3 server (files in .local/s3 unless in memory); the handlers
  // of this process sign for it (S3_ENDPOINT, CREATIVES_BUCKET), the console uploads to it.
  const s3 = await startFakeS3({
    port: await c.fakePort(opts.ports?.s3, S3_PORT),
    buckets: [LOCAL_CREATIVES_BUCKET],
    credentials: [{ accessKeyId: 'local', secretAccessKey: 'local' }],
    allowedOrigins,
    dataDir: opts.inMemory ? undefined : path.join(dataRoot, 's3'),
  });
  c.cleanups.push(() => s3.stop());
  process.env.S3_ENDPOINT = s3.endpoint;
  process.env.CREATIVES_BUCKET = LOCAL_CREATIVES_BUCKET;
  // Amazon SES's stand-in: the notification mails go here, and its page shows them (the mail catcher).
  const ses = await startFakeSes({
    port: await c.fakePort(opts.ports?.ses, SES_PORT),
    credentials: [{ accessKeyId: 'local', secretAccessKey: 'local' }],
  });
  c.cleanups.push(() => ses.stop());
  // Secrets Manager's stand-in: the agent connectors' credentials (lambdas/modules/connectors/credentials/credential-store.ts), kept in .local/.
  const secretsManager = await startFakeSecretsManager({
    port: await c.fakePort(opts.ports?.secretsManager, SECRETS_MANAGER_PORT),
    file: opts.inMemory ? undefined : path.join(dataRoot, 'secrets-manager', 'secrets.json'),
  });
  c.cleanups.push(() => secretsManager.stop());
  process.env.SECRETS_MANAGER_ENDPOINT = secretsManager.endpoint;
  // AI analytics: offline, no model is named and the analysis is the deterministic one.
  // MIXDESK_BEDROCK=fake starts the local Converse and points the analysis route at it (the model path, locally).
  if (process.env.MIXDESK_BEDROCK === 'fake') {
    const bedrock = await startFakeBedrock({
      port: await c.pick(opts.inMemory ? 0 : undefined, BEDROCK_PORT),
      accessKeyIds: ['local'],
    });
    c.cleanups.push(() => bedrock.stop());
    process.env.BEDROCK_ENDPOINT = bedrock.endpoint;
    process.env.BEDROCK_MODEL_ID ??= LOCAL_BEDROCK_MODEL;
    c.log(`AI analytics: the fake Bedrock at ${bedrock.endpoint} answers as ${process.env.BEDROCK_MODEL_ID}`);
  }
  return { s3, ses, secretsManager };
}

/**
 * The ad platforms' stand-ins, one per platform of the registry (local/fakes/platform-fakes.ts):
 * deterministic demo delivery for the platform clients, which read their base URLs from the
 * environment each fake names (the spec's apiUrlEnv).
 */
async function startPlatformFakes(c: StackCtx): Promise<Record<PlatformId, RunningPlatformFake<FakeCampaignNames>>> {
  const running: Partial<Record<PlatformId, RunningPlatformFake<FakeCampaignNames>>> = {};
  for (const { id } of platformSpecs()) {
    const entry: PlatformFakeEntry | undefined = (PLATFORM_FAKES as Record<string, PlatformFakeEntry>)[id];
    if (!entry) throw new Error(`local: the platform ${id} has no fake in local/fakes/platform-fakes.ts`);
    const fake = await entry.start(await c.fakePort(c.opts.ports?.platforms?.[id], entry.defaultPort));
    c.cleanups.push(() => fake.stop());
    Object.assign(process.env, fake.env);
    running[id] = fake;
  }
  return running as Record<PlatformId, RunningPlatformFake<FakeCampaignNames>>;
}

export async function startLocalStack(opts: LocalStackOptions = {}): Promise<LocalStack> {
  const c = await contextOf(opts);
  const stop = async () => {
    // Reverse order: servers first (no request reaches a dead engine), then the engines.
    for (const fn of c.cleanups.splice(0).reverse()) await fn().catch((e) => c.log(`stop: ${(e as Error).message}`));
  };
  try {
    const { dynamo, cognito } = await startEngines(c);
    const seedOpts: SeedOptions = {
      tableName: c.tableName,
      dynamoEndpoint: dynamo.endpoint,
      cognitoEndpoint: cognito.endpoint,
      userPoolId: cognito.userPoolId,
      clientId: cognito.clientId,
    };
    const seeded = opts.seed === false ? null : await seedDemoData(seedOpts);
    // The console may be opened as localhost or 127.0.0.1: both are allowed origins.
    const allowedOrigin = [`http://localhost:${c.ports.web}`, `http://127.0.0.1:${c.ports.web}`];
    const { s3, ses, secretsManager } = await startAwsFakes(c, allowedOrigin);
    const platformFakes = await startPlatformFakes(c);
    // The demo company's connections to the fakes above and its campaigns mapped (local/demo-links.ts).
    if (opts.seed !== false)
      await seedDemoLinks({
        google: platformFakes.google_ads.names,
        meta: platformFakes.meta_ads.names,
        tiktok: platformFakes.tiktok_ads.names,
      });
    const cognitoAdmin = await startCognitoAdmin(c, cognito, ses.endpoint);
    const apiUrl = await startApi(c, dynamo, cognito, allowedOrigin);
    // SaveVendor mails a new contact address its confirmation link (modules/vendors/contact-confirmation.ts) to the mail catcher.
    process.env.MAIL_FROM ??= LOCAL_MAIL_FROM;
    process.env.SES_ENDPOINT = ses.endpoint;
    process.env.CONTACT_CONFIRM_URL = `${apiUrl}${CONFIRM_CONTACT_PATH}`;
    // SendOrder mails the vendor's contacts a link to the order's page (lambdas/public/order-acceptance.ts), served by this API.
    process.env.ORDER_ACCEPT_URL = `${apiUrl}${ORDER_ACCEPT_PATH}`;
    // The pacing digest's mails link to its unsubscribe page (lambdas/public/pacing-digest-unsubscribe.ts), served by this API.
    process.env.DIGEST_UNSUBSCRIBE_URL = `${apiUrl}${PACING_DIGEST_UNSUBSCRIBE_PATH}`;
    const background = { ...c, dynamo, cognito, sesEndpoint: ses.endpoint };
    const runReportSchedules = reportScheduleRunner(ses.endpoint, apiUrl);
    const settleStreams =
      opts.streams !== false ? await startBackground(background, runReportSchedules) : async () => undefined;
    // The buy side's demo (local/demo-orders.ts): its bills need the actuals of the first sync just run.
    if (opts.seed !== false && opts.streams !== false)
      await seedBuySide(seedOpts).catch((e) => c.log(`demo orders and bills: ${(e as Error).message}`));
    const webUrl = await startWeb(c, apiUrl, cognito);
    return {
      tableName: c.tableName,
      dynamoEndpoint: dynamo.endpoint,
      cognitoEndpoint: cognito.endpoint,
      issuer: cognito.issuer,
      userPoolId: cognito.userPoolId,
      clientId: cognito.clientId,
      apiUrl,
      s3Endpoint: s3.endpoint,
      sesEndpoint: ses.endpoint,
      metaEndpoint: platformFakes.meta_ads.endpoint,
      tiktokEndpoint: platformFakes.tiktok_ads.endpoint,
      googleAdsEndpoint: platformFakes.google_ads.endpoint,
      platformFakes,
      secretsManagerEndpoint: secretsManager.endpoint,
      cognitoAdminEndpoint: cognitoAdmin.endpoint,
      webUrl,
      seeded,
      settleStreams,
      runReportSchedules,
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

/**
 * The demo orders and bills, as the demo planner and approver (their profiles, found or made). A
 * failure is logged, not fatal: the stack is of use without them (a person may have changed the demo plans).
 */
async function seedBuySide(seedOpts: SeedOptions): Promise<void> {
  // A data folder from before the payables counters: built once from its bills (scripts/backfill-payables-totals.ts).
  for (const companyId of await listCompanyIds())
    if (await payablesTotalsMissing(companyId)) await rebuildPayablesTotals(companyId);
  const user = (email: string) => createDemoUser(seedOpts, DEMO_USERS.find((u) => u.email === email)!, 'all');
  await seedDemoOrders({
    planner: await user('planner@demo.mixdesk.test'),
    approver: await user('approver@demo.mixdesk.test'),
  });
}

async function main(): Promise<void> {
  // The SDK warns about Node 20 on first use; it is noise for a local run.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const started = Date.now();
  let stack: LocalStack | undefined;
  let stopping = false;
  const shutdown = async (signal: string) => {
    // One Ctrl-C often arrives twice (the terminal signals the whole process group, and tsx relays
    // it to us again), so repeats are ignored; a failsafe timer ends a shutdown that hangs.
    if (stopping) return;
    stopping = true;
    setTimeout(() => {
      console.error('Shutdown took too long; exiting (the engines are stopped by their reapers).');
      process.exit(1);
    }, 15_000).unref();
    console.log(`\n${signal}: stopping Mixdesk…`);
    if (!stack) process.exit(130); // still starting: the reapers stop whatever came up
    await stack.stop();
    console.log('Stopped.');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGHUP', () => void shutdown('SIGHUP'));

  console.log('Starting Mixdesk locally (DynamoDB Local, cognito-local, API, console)…');
  try {
    stack = await startLocalStack({ engineLog: process.env.MIXDESK_ENGINE_LOG === '1' });
  } catch (err) {
    console.error(`\nMixdesk could not start: ${(err as Error).message}`);
    process.exit(1);
  }
  const s = stack;
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  console.log(
    [
      '',
      `Mixdesk is running (${secs} s${s.seeded?.created ? ', demo data seeded' : ''}).`,
      '',
      `  Console   ${s.webUrl}`,
      `  API       ${s.apiUrl}`,
      `  Cognito   ${s.cognitoEndpoint}  (user pool ${s.userPoolId}, client ${s.clientId})`,
      `  DynamoDB  ${s.dynamoEndpoint}  (table ${s.tableName}, data in .local/)`,
      `  S3        ${s.s3Endpoint}  (bucket ${LOCAL_CREATIVES_BUCKET}: creatives, files in .local/s3)`,
      `  Mail      ${s.sesEndpoint}/  (mail catcher: the notification mails SES would have sent, and user invitations)`,
      ...Object.values(s.platformFakes).map((f) => `  ${f.bannerName.padEnd(8)}  ${f.endpoint}  ${f.banner}`),
      `  Secrets   ${s.secretsManagerEndpoint}  (Secrets Manager fake: the connectors' credentials, in .local/secrets-manager)`,
      `  Invites   ${s.cognitoAdminEndpoint}/_fake/invitations  (each invited user's temporary password, also printed below as it happens)`,
      '',
      'Demo users:',
      ...DEMO_USERS.map((u) => `  ${u.email.padEnd(30)} ${u.name}`),
      `Password (all users): ${DEMO_PASSWORD}`,
      '',
      'Ctrl-C stops everything.',
      '',
    ].join('\n'),
  );
}

if (require.main === module) void main();
