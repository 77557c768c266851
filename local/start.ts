import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runActivitySchedule } from '../lambdas/modules/media-plans/activity-schedule';
import { runDueReportSchedules, type RunSummary } from '../lambdas/modules/reports/schedule-runs';
import { handler as auditLineChanges } from '../lambdas/streams/audit-line-changes';
import { notifyPlanChanges } from '../lambdas/streams/notify-plan-changes';
import { matchesPlanNotifyFilter } from '../lambdas/streams/stream-handlers';
import { sesMailer } from '../lambdas/aws/ses-mailer';
import { createApiServer, setLocalHandlerEnv } from './api-server';
import { startCognitoLocal, type CognitoLocal } from './cognito-local';
import { DEMO_PASSWORD, DEMO_USERS } from './demo-data';
import { startDynamoLocal, type DynamoLocal } from './dynamo-local';
import { startFakeCognitoAdmin } from './fakes/cognito-admin-server';
import { startFakeS3 } from './fakes/s3-server';
import { GOOGLE_ADS_DEMO, startFakeGoogleAds } from './fakes/google-ads-server';
import { startFakeSecretsManager } from './fakes/secrets-manager-server';
import { startFakeSes } from './fakes/ses-server';
import { startFakeBedrock } from './fakes/bedrock-server';
import { META_FAKE_EXPIRED_TOKEN, META_FAKE_TOKEN, startFakeMeta } from './fakes/meta-ads-server';
import { startFakeTikTok, TIKTOK_FAKE_EXPIRED_TOKEN, TIKTOK_FAKE_TOKEN } from './fakes/tiktok-ads-server';
import {
  API_PORT,
  BEDROCK_PORT,
  COGNITO_PORT,
  DYNAMO_PORT,
  freePort,
  GOOGLE_ADS_PORT,
  LOCAL_HOST,
  META_PORT,
  S3_PORT,
  SECRETS_MANAGER_PORT,
  SES_PORT,
  TIKTOK_PORT,
  WEB_PORT,
} from './ports';
import { seedDemoData } from './seed';
import { seedDemoLinks } from './demo-links';
import { csvImportHooks } from '../lambdas/modules/connectors/sync/csv-import-queue';
import { deliverCsvImportJob } from '../lambdas/modules/connectors/csv-import-run';
import { startLocalSync } from './sync-runner';
import { startStreamPoller } from './stream-poller';
import { createWebServer } from './web-server';

/**
 * `npm start`: the whole of Mixdesk on one machine, offline. DynamoDB Local + cognito-local + the
 * API (every manifest route, real handlers, local JWT authorizer) + the console, seeded with the
 * demo world. `startLocalStack` is also what the browser tests and the benchmarks start.
 */
export interface LocalStackOptions {
  /** Nothing on disk: DynamoDB in memory, cognito-local in a temp folder removed on stop. */
  inMemory?: boolean;
  /** Persistent data root (default `{repo}/.local`): `dynamodb/` and `cognito/` under it. */
  dataDir?: string;
  /** Port per service; 0 picks a free one. Defaults: ports.ts (env MIXDESK_*_PORT). */
  ports?: Partial<{
    dynamo: number;
    cognito: number;
    api: number;
    web: number;
    s3: number;
    ses: number;
    meta: number;
    tiktok: number;
    googleAds: number;
    secretsManager: number;
  }>;
  tableName?: string;
  /** Seed the demo companies, accounts and users (default true; idempotent). */
  seed?: boolean;
  /** Serve the console (default true). */
  web?: boolean;
  /** Status and per-request lines (default console.log). */
  log?: (line: string) => void;
  /** One line per API request (default true). */
  requestLog?: boolean;
  /** Forward cognito-local's own log (default false). */
  engineLog?: boolean;
  /** C1-only JVM for a fast DynamoDB Local start (default true; benchmarks may turn it off). */
  fastJvmStartup?: boolean;
  /**
   * Feed the table's change stream to its handler, as Lambda does in the cloud (default true).
   * Without it, line changes made in one write get no audit entry.
   */
  streams?: boolean;
}

export interface LocalStack {
  tableName: string;
  dynamoEndpoint: string;
  cognitoEndpoint: string;
  issuer: string;
  userPoolId: string;
  clientId: string;
  apiUrl: string;
  /** The local S3-compatible server holding the creatives bucket (local/fakes/s3-server.ts). */
  s3Endpoint: string;
  /** The local SES server (local/fakes/ses-server.ts); its `/` is the mail catcher page. */
  sesEndpoint: string;
  /** The local Meta Marketing API and TikTok Business API (local/fakes/meta-ads-server.ts, tiktok-ads-server.ts): demo delivery, faults at /_fake/faults. */
  metaEndpoint: string;
  tiktokEndpoint: string;
  /** The local Google Ads API (GOOGLE_ADS_API_URL; its token endpoint GOOGLE_OAUTH_TOKEN_URL). */
  googleAdsEndpoint: string;
  /** The local Secrets Manager of the connectors' credentials (SECRETS_MANAGER_ENDPOINT). */
  secretsManagerEndpoint: string;
  /** The user pool's local admin front (local/fakes/cognito-admin-server.ts): `GET /_fake/invitations`. */
  cognitoAdminEndpoint: string;
  /** Undefined when `web: false`. */
  webUrl?: string;
  /** Whether the seed created anything (null when not seeded). */
  seeded: { created: boolean } | null;
  /** Resolves once the change-stream records of every write made so far are handled (no-op with `streams: false`). */
  settleStreams(): Promise<void>;
  /**
   * One run of the scheduled reports' dispatcher as of `now` — tests and journeys
   * advance the scheduler's clock with it; the mails go to the local SES (its catcher). The stack
   * also runs it every minute with the real clock (with streams on).
   */
  runReportSchedules(now: Date): Promise<RunSummary>;
  stop(): Promise<void>;
}

const REPO_ROOT = path.resolve(__dirname, '..');
export const LOCAL_TABLE_NAME = 'mixdesk-local';
export const LOCAL_CREATIVES_BUCKET = 'mixdesk-local-creatives';
/** The model id the local analysis names with MIXDESK_BEDROCK=fake (the fake answers any id). */
export const LOCAL_BEDROCK_MODEL = 'local.fake-analyst-v1';
/** The From address of local mails (the stage config's `notifications.email.sender` in the cloud). */
export const LOCAL_MAIL_FROM = 'Mixdesk <notifications@mixdesk.local>';

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, LOCAL_HOST, () => {
      server.off('error', reject);
      const addr = server.address();
      resolve(typeof addr === 'object' && addr ? addr.port : port);
    });
  });
}

function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) return resolve();
    server.close(() => resolve());
    // Keep-alive connections from a browser would hold close() open.
    server.closeAllConnections();
  });
}

const stripAnsi = (s: string) => s.replace(/\u001b\[[0-9;]*m/g, '');

export async function startLocalStack(opts: LocalStackOptions = {}): Promise<LocalStack> {
  const log = opts.log ?? ((line: string) => console.log(line));
  const tableName = opts.tableName ?? LOCAL_TABLE_NAME;
  const pick = async (p: number | undefined, fallback: number) =>
    (p ?? fallback) === 0 ? freePort() : (p ?? fallback);
  const ports = {
    dynamo: await pick(opts.ports?.dynamo, DYNAMO_PORT),
    cognito: await pick(opts.ports?.cognito, COGNITO_PORT),
    api: await pick(opts.ports?.api, API_PORT),
    web: await pick(opts.ports?.web, WEB_PORT),
  };
  const dataRoot = path.resolve(opts.dataDir ?? path.join(REPO_ROOT, '.local'));
  const cognitoDir = opts.inMemory
    ? mkdtempSync(path.join(tmpdir(), 'mixdesk-cognito-'))
    : path.join(dataRoot, 'cognito');

  const cleanups: (() => Promise<void>)[] = [];
  const stop = async () => {
    // Reverse order: servers first (no request reaches a dead engine), then the engines.
    for (const fn of cleanups.splice(0).reverse()) await fn().catch((e) => log(`stop: ${(e as Error).message}`));
  };
  try {
    // The two engines start in parallel; if one fails the other is stopped before rethrowing.
    const [dyn, cog] = await Promise.allSettled([
      startDynamoLocal({
        port: ports.dynamo,
        dataDir: opts.inMemory ? undefined : path.join(dataRoot, 'dynamodb'),
        tableNames: [tableName],
        fastJvmStartup: opts.fastJvmStartup,
      }),
      startCognitoLocal({
        port: ports.cognito,
        dataDir: cognitoDir,
        log: opts.engineLog ? (line) => log(`cognito | ${stripAnsi(line)}`) : undefined,
      }),
    ]);
    if (opts.inMemory) cleanups.push(async () => rmSync(cognitoDir, { recursive: true, force: true }));
    if (dyn.status === 'fulfilled') cleanups.push(() => (dyn.value as DynamoLocal).stop());
    if (cog.status === 'fulfilled') cleanups.push(() => (cog.value as CognitoLocal).stop());
    if (dyn.status === 'rejected') throw dyn.reason;
    if (cog.status === 'rejected') throw cog.reason;
    const dynamo = dyn.value;
    const cognito = cog.value;

    const seeded =
      opts.seed === false
        ? null
        : await seedDemoData({
            tableName,
            dynamoEndpoint: dynamo.endpoint,
            cognitoEndpoint: cognito.endpoint,
            userPoolId: cognito.userPoolId,
            clientId: cognito.clientId,
          });

    // The console may be opened as localhost or 127.0.0.1: both are allowed origins.
    const allowedOrigin = [`http://localhost:${ports.web}`, `http://127.0.0.1:${ports.web}`];

    // The creatives bucket on the local S3 server (files in .local/s3 unless in memory); the handlers
    // of this process sign for it (S3_ENDPOINT, CREATIVES_BUCKET), the console uploads to it.
    const s3 = await startFakeS3({
      port: await pick(opts.ports?.s3 ?? (opts.inMemory ? 0 : undefined), S3_PORT),
      buckets: [LOCAL_CREATIVES_BUCKET],
      credentials: [{ accessKeyId: 'local', secretAccessKey: 'local' }],
      allowedOrigins: allowedOrigin,
      dataDir: opts.inMemory ? undefined : path.join(dataRoot, 's3'),
    });
    cleanups.push(() => s3.stop());
    process.env.S3_ENDPOINT = s3.endpoint;
    process.env.CREATIVES_BUCKET = LOCAL_CREATIVES_BUCKET;

    // Amazon SES's stand-in: the notification mails go here, and its page shows them (the mail catcher).
    const ses = await startFakeSes({
      port: await pick(opts.ports?.ses ?? (opts.inMemory ? 0 : undefined), SES_PORT),
      credentials: [{ accessKeyId: 'local', secretAccessKey: 'local' }],
    });
    cleanups.push(() => ses.stop());
    // The ad platforms' stand-ins: deterministic demo delivery for the platform clients, which
    // read their base URLs from META_GRAPH_API_URL and TIKTOK_API_URL.
    const meta = await startFakeMeta({
      port: await pick(opts.ports?.meta ?? (opts.inMemory ? 0 : undefined), META_PORT),
    });
    cleanups.push(() => meta.stop());
    const tiktok = await startFakeTikTok({
      port: await pick(opts.ports?.tiktok ?? (opts.inMemory ? 0 : undefined), TIKTOK_PORT),
    });
    cleanups.push(() => tiktok.stop());
    process.env.META_GRAPH_API_URL = meta.endpoint;
    process.env.TIKTOK_API_URL = tiktok.endpoint;
    const googleAds = await startFakeGoogleAds({
      port: await pick(opts.ports?.googleAds ?? (opts.inMemory ? 0 : undefined), GOOGLE_ADS_PORT),
    });
    cleanups.push(() => googleAds.stop());
    process.env.GOOGLE_ADS_API_URL = googleAds.apiUrl;
    process.env.GOOGLE_OAUTH_TOKEN_URL = googleAds.tokenUrl;
    // Secrets Manager's stand-in: the agent connectors' credentials (lambdas/modules/connectors/credentials/credential-store.ts), kept in .local/.
    const secretsManager = await startFakeSecretsManager({
      port: await pick(opts.ports?.secretsManager ?? (opts.inMemory ? 0 : undefined), SECRETS_MANAGER_PORT),
      file: opts.inMemory ? undefined : path.join(dataRoot, 'secrets-manager', 'secrets.json'),
    });
    cleanups.push(() => secretsManager.stop());
    process.env.SECRETS_MANAGER_ENDPOINT = secretsManager.endpoint;
    // AI analytics: offline, no model is named and the analysis is the deterministic one.
    // MIXDESK_BEDROCK=fake starts the local Converse and points the analysis route at it (the model path, locally).
    if (process.env.MIXDESK_BEDROCK === 'fake') {
      const bedrock = await startFakeBedrock({
        port: await pick(opts.inMemory ? 0 : undefined, BEDROCK_PORT),
        accessKeyIds: ['local'],
      });
      cleanups.push(() => bedrock.stop());
      process.env.BEDROCK_ENDPOINT = bedrock.endpoint;
      process.env.BEDROCK_MODEL_ID ??= LOCAL_BEDROCK_MODEL;
      log(`AI analytics: the fake Bedrock at ${bedrock.endpoint} answers as ${process.env.BEDROCK_MODEL_ID}`);
    }
    // The demo company's connections to the fakes above and its campaigns mapped (local/demo-links.ts).
    if (opts.seed !== false) await seedDemoLinks({ google: googleAds, meta, tiktok });
    // The user pool's admin front (UsersService, COGNITO_ADMIN_ENDPOINT): answers the calls cognito-local
    // lacks, passes the rest to it, and mails each invitation's temporary password to the mail catcher
    // (printed here too), as Cognito's invitation e-mail does in the cloud.
    const cognitoAdmin = await startFakeCognitoAdmin({
      port: await freePort(),
      upstream: cognito.endpoint,
      credentials: [{ accessKeyId: 'local', secretAccessKey: 'local' }],
      mailer: sesMailer({ from: LOCAL_MAIL_FROM, endpoint: ses.endpoint }),
      consoleUrl: `http://localhost:${ports.web}`,
      log,
    });
    cleanups.push(() => cognitoAdmin.stop());
    process.env.COGNITO_ADMIN_ENDPOINT = cognitoAdmin.endpoint;
    process.env.USER_POOL_ID = cognito.userPoolId;
    const api = createApiServer({
      tableName,
      dynamoEndpoint: dynamo.endpoint,
      issuer: cognito.issuer,
      clientId: cognito.clientId,
      allowedOrigin,
      log: opts.requestLog === false ? () => undefined : log,
    });
    const apiPort = await listen(api, ports.api);
    cleanups.push(() => close(api));
    const apiUrl = `http://${LOCAL_HOST}:${apiPort}`;
    // Scheduled reports (EventBridge Scheduler in the cloud, hourly): mailed to the local SES, unsubscribe links to this API.
    const reportMailer = sesMailer({ from: LOCAL_MAIL_FROM, endpoint: ses.endpoint });
    const runReportSchedules = (now: Date) =>
      runDueReportSchedules(now, {
        mailer: reportMailer,
        unsubscribeUrl: `${apiUrl}/unsubscribe`,
        confirmUrl: `${apiUrl}/confirm-recipient`,
      });

    // The stream handler runs in this process like the API's handlers, against the same engine. It
    // starts at the oldest record still in the stream: after a restart, records of the last 24 hours
    // are handled again, which writes nothing twice (audit entries have fixed keys).
    let settleStreams: () => Promise<void> = async () => undefined;
    if (opts.streams !== false) {
      setLocalHandlerEnv({ tableName, dynamoEndpoint: dynamo.endpoint, cognitoEndpoint: cognito.endpoint });
      const poller = startStreamPoller({
        endpoint: dynamo.endpoint,
        tableName,
        handler: auditLineChanges,
        log: (line) => log(line),
      });
      cleanups.push(() => poller.stop());
      // The second consumer, as in the cloud: plan approval notifications, mailed to the local SES server.
      const notifier = startStreamPoller({
        endpoint: dynamo.endpoint,
        tableName,
        handler: notifyPlanChanges({
          mailer: sesMailer({ from: LOCAL_MAIL_FROM, endpoint: ses.endpoint }),
          consoleUrl: `http://localhost:${ports.web}`,
        }),
        filter: matchesPlanNotifyFilter,
        log: (line) => log(line),
      });
      cleanups.push(() => notifier.stop());
      settleStreams = async () => {
        await Promise.all([poller.settle(), notifier.settle()]);
      };

      // The activity schedule (EventBridge Scheduler in the cloud, hourly): once now, then every hour.
      const schedule = async () => {
        const report = await runActivitySchedule();
        if (report.moved.length || report.skipped.length)
          log(`activity schedule: ${report.moved.length} moved, ${report.skipped.length} skipped`);
      };
      const scheduled = setInterval(
        () => void schedule().catch((e) => log(`activity schedule: ${(e as Error).message}`)),
        60 * 60 * 1000,
      );
      scheduled.unref();
      cleanups.push(async () => clearInterval(scheduled));
      await schedule().catch((e) => log(`activity schedule: ${(e as Error).message}`));
      // Scheduled reports: every minute with the real clock (hourly in the cloud; a claim makes a run idempotent).
      const reports = setInterval(
        () => void runReportSchedules(new Date()).catch((e) => log(`scheduled reports: ${(e as Error).message}`)),
        60 * 1000,
      );
      reports.unref();
      cleanups.push(async () => clearInterval(reports));
      // The CSV import job (SQS, its worker and dead-letter consumer in the cloud): the same code, one
      // import at a time, in process — delivered again while it fails, then given up as the cloud's is.
      let csvImports: Promise<void> = Promise.resolve();
      csvImportHooks.local = (job) => {
        csvImports = csvImports
          .then(() => deliverCsvImportJob(job))
          .catch((e) => log(`csv import ${job.importId}: ${(e as Error).message}`));
      };
      cleanups.push(async () => {
        csvImportHooks.local = undefined;
        await csvImports;
      });
      // The connector sync: the cloud's dispatcher and worker code on an in-process queue,
      // every company once now (a new user sees actuals), then at its sync hour (local/sync-runner.ts).
      if (opts.seed !== false) {
        const sync = await startLocalSync(log);
        cleanups.push(async () => sync.stop());
      }
    }

    let webUrl: string | undefined;
    if (opts.web !== false) {
      const web = createWebServer({
        config: {
          apiUrl,
          region: 'local',
          userPoolId: cognito.userPoolId,
          userPoolClientId: cognito.clientId,
          userPoolEndpoint: cognito.endpoint,
          authFlow: 'USER_PASSWORD_AUTH',
        },
        demoUsers: DEMO_USERS.map((u) => u.email),
        demoPassword: DEMO_PASSWORD,
      });
      const webPort = await listen(web, ports.web);
      cleanups.push(() => close(web));
      webUrl = `http://localhost:${webPort}`;
    }

    return {
      tableName,
      dynamoEndpoint: dynamo.endpoint,
      cognitoEndpoint: cognito.endpoint,
      issuer: cognito.issuer,
      userPoolId: cognito.userPoolId,
      clientId: cognito.clientId,
      apiUrl,
      s3Endpoint: s3.endpoint,
      sesEndpoint: ses.endpoint,
      metaEndpoint: meta.endpoint,
      tiktokEndpoint: tiktok.endpoint,
      googleAdsEndpoint: googleAds.endpoint,
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
      `  Meta Ads  ${s.metaEndpoint}  (Graph API v25.0 fake: token ${META_FAKE_TOKEN}; ${META_FAKE_EXPIRED_TOKEN} has expired)`,
      `  TikTok    ${s.tiktokEndpoint}  (Business API v1.3 fake: token ${TIKTOK_FAKE_TOKEN}; ${TIKTOK_FAKE_EXPIRED_TOKEN} has expired)`,
      `  Google    ${s.googleAdsEndpoint}  (Google Ads API v26 fake + OAuth at /token: refresh token ${GOOGLE_ADS_DEMO.refreshToken}; ${GOOGLE_ADS_DEMO.expiredRefreshToken} has expired)`,
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
