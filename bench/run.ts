import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { marshall } from '@aws-sdk/util-dynamodb';
import { buildHttpEvent } from '../local/http-event';
import { startLocalStack, type LocalStack } from '../local/start';
import { ROUTES, type RouteDef } from '../lambdas/manifest';
import { getProfileBySub } from '../lambdas/modules/tenancy/profile-store.dynamodb';
import { ACTIVITY_SCHEDULE_HANDLER } from '../lambdas/jobs/job-handlers';
import { LINE_AUDIT_HANDLER } from '../lambdas/streams/stream-handlers';
import { ROUTE_FIXTURES } from '../test/support/route-fixtures';
import { makeCompany } from '../test/support/world';
import { accessToken, benchAccountsList, LIST_P50_BUDGET_RATIO, seedAccounts } from './accounts-list';
import { benchVariants } from './bundle-variants';
import { benchBundles, COLD_INIT_BUDGET_RATIO, COLD_INIT_GOAL_RATIO, type ColdCall } from './handler-bundles';
import { fmt } from './stats';
import { startSqsFake, type SqsFake } from './sqs-fake';
import { PLATFORM_IDS } from '../lambdas/shared/connector-platforms';

/** The variables the local stack sets for its handlers (local/start.ts, local/api-server.ts). */
const HANDLER_ENV = [
  'AWS_ACCESS_KEY_ID',
  'AWS_SECRET_ACCESS_KEY',
  'COGNITO_ENDPOINT',
  'COGNITO_ADMIN_ENDPOINT',
  'USER_POOL_ID',
  'CREATIVES_BUCKET',
  'S3_ENDPOINT',
  'SECRETS_MANAGER_ENDPOINT',
  'SES_ENDPOINT',
  'MAIL_FROM',
  // SendOrder mails the order page's link (without it the route answers 503 MAIL_NOT_CONFIGURED).
  'ORDER_ACCEPT_URL',
  'CONSOLE_URL',
  'GOOGLE_ADS_API_URL',
  'GOOGLE_OAUTH_TOKEN_URL',
  'META_GRAPH_API_URL',
  'TIKTOK_API_URL',
];

/**
 * `npm run bench`: the performance budgets (docs/benchmarks.md), measured on a fresh in-memory local stack. Prints a
 * table and exits non-zero when a budget is missed. Not part of `npm test` (timings on a shared
 * machine are noisy; ratios against a baseline of the same run are what we compare).
 * `npm run bench -- --bundles` measures the handler bundles (part 1) alone, then what each bundling
 * choice buys (bench/bundle-variants.ts); `-- --variants` the latter alone; `-- --only payables,margin`
 * only the parts of step 3 named (their file names without `.ts`).
 */
async function main() {
  const bundlesOnly = process.argv.includes('--bundles');
  if (process.argv.includes('--variants')) {
    await variants({ AWS_REGION: 'local', TABLE_NAME: 'bench' });
    return;
  }
  const only = onlyParts();
  if (only) finish(runParts(only));
  const stack = await startLocalStack({
    inMemory: true,
    ports: { dynamo: 0, cognito: 0, api: 0, web: 0 },
    web: false,
    requestLog: false,
    log: () => {},
  });
  const failures: string[] = [];
  const sqs = await startSqsFake();
  try {
    process.env.MIXDESK_TEST_DYNAMO_ENDPOINT = stack.dynamoEndpoint;
    process.env.MIXDESK_TEST_TABLE = stack.tableName;
    process.env.MIXDESK_LOG_LEVEL = 'silent';

    // 1. Handler bundles: size and cold init of a real call per route and per stream consumer.
    const world = await makeCompany('Bench Agency');
    const calls = await coldCalls(world);
    const env = { ...handlerEnv(stack), ...queueEnv(sqs) };
    const bundles = await benchBundles(path.join(os.tmpdir(), 'mixdesk-bench-bundles'), calls, env);
    reportBundles(bundles, failures);
    console.log(`queued by the routes (the SQS stand-in): ${queuedCounts(sqs)}`);
    await variants(env);
    coldInitSummary(bundles);
    if (!bundlesOnly) await accountsList(stack, failures);
  } finally {
    await sqs.close();
    await stack.stop();
  }
  if (bundlesOnly) finish(failures);
  finish([...failures, ...runParts(PARTS)]);
}

/** 3. The other budgets, each in its own process on a fresh stack of its own. */
const PARTS = [
  'media-plans.ts',
  'web-budget.ts',
  'plan-editor.ts',
  'sync.ts',
  'performance.ts',
  'io-document.ts',
  'payables.ts',
  'margin.ts',
  'write-heavy.ts',
];

/** `--only a,b` (or `--only=a,b`): those parts of PARTS; undefined without the flag. */
function onlyParts(): string[] | undefined {
  const i = process.argv.findIndex((a) => a === '--only' || a.startsWith('--only='));
  if (i < 0) return undefined;
  const arg = process.argv[i].includes('=') ? process.argv[i].split('=')[1] : (process.argv[i + 1] ?? '');
  const names = arg.split(',').filter(Boolean);
  const unknown = names.filter((n) => !PARTS.includes(`${n}.ts`));
  if (!names.length || unknown.length)
    throw new Error(`--only takes parts of ${PARTS.map((p) => p.replace(/\.ts$/, '')).join(', ')}`);
  return names.map((n) => `${n}.ts`);
}

function runParts(parts: readonly string[]): string[] {
  const failures: string[] = [];
  const tsx = path.join(__dirname, '..', 'node_modules', 'tsx', 'dist', 'cli.mjs');
  for (const bench of parts) {
    if (!existsSync(path.join(__dirname, bench))) continue;
    console.log(`\n== ${bench} ==`);
    const child = spawnSync(process.execPath, [tsx, path.join(__dirname, bench)], { stdio: 'inherit' });
    if (child.status !== 0) failures.push(`${bench} (see above)`);
  }
  return failures;
}

/** A real call per route (its fixture's), the change-stream consumer's first batch, and the hourly schedule. */
async function coldCalls(world: Awaited<ReturnType<typeof makeCompany>>): Promise<ColdCall[]> {
  const calls: ColdCall[] = [];
  for (const route of ROUTES as readonly RouteDef[]) {
    const fixture = await ROUTE_FIXTURES[`${route.service}.${route.method}`](world);
    calls.push({
      route,
      event: buildHttpEvent({
        path: `/${route.service}/${route.method}`,
        headers: {
          'content-type': 'application/json',
          ...(fixture.accountId ? { 'x-account-id': String(fixture.accountId) } : {}),
        },
        body: JSON.stringify(fixture.body),
        claims: { sub: fixture.allowed.sub, token_use: 'access' },
      }),
    });
  }
  // The change-stream consumer's first batch: one one-write line change (it writes one audit entry).
  const line = (version: number) =>
    marshall({
      pk: `C#${world.companyId}#MIX#0000000001`,
      sk: 'M#L#0000000001',
      entity: 'MediaChannel',
      ID: 1,
      MediaMixId: 1,
      Budget: version * 100,
      version,
      updatedAt: new Date().toISOString(),
      updatedBy: world.planner.email,
      ...(version > 1 ? { StreamAudit: version } : {}),
    });
  calls.push({
    route: LINE_AUDIT_HANDLER,
    event: {
      Records: [
        {
          eventID: '1',
          eventName: 'MODIFY',
          eventSource: 'aws:dynamodb',
          dynamodb: {
            SequenceNumber: '1',
            OldImage: line(1),
            NewImage: line(2),
            StreamViewType: 'NEW_AND_OLD_IMAGES',
          },
        },
      ],
    },
  });
  // The hourly activity schedule: one run over the bench's company.
  calls.push({ route: ACTIVITY_SCHEDULE_HANDLER, event: {} });
  return calls;
}

function handlerEnv(stack: LocalStack): Record<string, string> {
  // What the local stack gives its handlers (the fakes' endpoints, the pool, the bucket), nothing of
  // this machine's own environment: the bundles and bare Node start with exactly this.
  const passed = Object.fromEntries(HANDLER_ENV.flatMap((k) => (process.env[k] ? [[k, process.env[k]!]] : [])));
  return {
    ...passed,
    TABLE_NAME: stack.tableName,
    DYNAMODB_ENDPOINT: stack.dynamoEndpoint,
    AWS_REGION: 'local',
  };
}

/**
 * The queues the routes that hand work on send to in the cloud (Sync now per platform, the company
 * data job): outside `npm start`'s process (its in-process runners) they are the bench's SQS stand-in.
 */
function queueEnv(sqs: SqsFake): Record<string, string> {
  const sync = Object.fromEntries(PLATFORM_IDS.map((p) => [p, sqs.url(`mixdesk-bench-sync-${p}`)]));
  return { SYNC_QUEUE_URLS: JSON.stringify(sync), COMPANY_DATA_QUEUE_URL: sqs.url('mixdesk-bench-company-data') };
}

function queuedCounts(sqs: SqsFake): string {
  const counts = [...sqs.received].map(([url, bodies]) => `${url.split('/').at(-1)} ${bodies.length}`);
  return counts.join(', ') || 'nothing';
}

type Bundles = Awaited<ReturnType<typeof benchBundles>>;

function reportBundles(bundles: Bundles, failures: string[]) {
  console.log(
    `\nHandler bundles (bare "node -e 0" process, same environment: ${fmt(bundles.bareMs)} ms; cold init = whole process, spawn → handler ready → exit, as Lambda's Init Duration; in-process = import → first reply of the call)`,
  );
  console.log(
    'route'.padEnd(36),
    'minified kB'.padStart(12),
    'cold init ms'.padStart(13),
    'in-process'.padStart(11),
    'ratio'.padStart(7),
    'status'.padStart(7),
    '  route lists (schemas) inside',
  );
  for (const f of bundles.figures) {
    console.log(
      f.route.padEnd(36),
      fmt(f.bytes / 1024).padStart(12),
      fmt(f.coldInitMs).padStart(13),
      fmt(f.inProcessMs).padStart(11),
      fmt(f.ratio, 2).padStart(7),
      String(f.status).padStart(7),
      ` ${f.routeLists.join(', ') || '—'}`,
    );
    if (f.ratio > COLD_INIT_BUDGET_RATIO)
      failures.push(`${f.route} cold init ${fmt(f.ratio, 2)}x > ${COLD_INIT_BUDGET_RATIO}x`);
    // The bench replays each fixture call in 3 fresh processes; a state change (an approved plan…)
    // may make a replay answer 409, which is still a first reply. A 5xx is a broken bundle.
    if (f.status >= 500) failures.push(`${f.route} first reply was ${f.status}`);
  }
}

function coldInitSummary(bundles: Bundles) {
  const ratios = bundles.figures.map((f) => f.ratio).sort((a, b) => a - b);
  const overGoal = bundles.figures.filter((f) => f.ratio > COLD_INIT_GOAL_RATIO).length;
  console.log(
    `cold init: median ${fmt(ratios[Math.floor(ratios.length / 2)], 2)}x, ${fmt(ratios[0], 2)}–${fmt(ratios.at(-1)!, 2)}x; ` +
      `${overGoal} of ${ratios.length} over the ${COLD_INIT_GOAL_RATIO}x goal (budget ${COLD_INIT_BUDGET_RATIO}x)`,
  );
}

/** 1b. What each bundling choice buys in cold init: each sample's variants beside its shipped bundle. */
async function variants(env: Record<string, string>) {
  const { bare, figures } = await benchVariants(path.join(os.tmpdir(), 'mixdesk-bench-variants'), env);
  console.log(
    `\nBundle variants (bare Node: ${fmt(bare.wallMs)} ms wall, ${fmt(bare.cpuMs)} ms CPU; Δ = variant − shipped: > 0, the shipped choice is faster)`,
  );
  console.log(
    'bundle'.padEnd(36),
    'variant'.padEnd(44),
    'kB'.padStart(7),
    'wall ms'.padStart(8),
    'ratio'.padStart(6),
    'Δ wall'.padStart(7),
    'CPU ms'.padStart(7),
    'ratio'.padStart(6),
    'Δ CPU'.padStart(7),
  );
  for (const f of figures) {
    const shipped = figures.find((s) => s.entry === f.entry && s.variant === 'shipped')!;
    console.log(
      f.entry.padEnd(36),
      f.variant.padEnd(44),
      fmt(f.bytes / 1024).padStart(7),
      fmt(f.coldInitMs).padStart(8),
      fmt(f.coldInitMs / bare.wallMs, 2).padStart(6),
      fmt(f.coldInitMs - shipped.coldInitMs).padStart(7),
      fmt(f.cpuMs).padStart(7),
      fmt(f.cpuMs / bare.cpuMs, 2).padStart(6),
      fmt(f.cpuMs - shipped.cpuMs).padStart(7),
    );
  }
}

/** 2. GetAccountsList through the local API vs a raw Query, 1,000 accounts, 10 callers. */
async function accountsList(stack: LocalStack, failures: string[]) {
  const { token, sub } = await accessToken(stack.cognitoEndpoint, stack.clientId, 'planner@demo.mixdesk.test');
  const admin = await getProfileBySub(
    (await accessToken(stack.cognitoEndpoint, stack.clientId, 'admin@demo.mixdesk.test')).sub,
  );
  await seedAccounts(admin!, 1000);
  const list = await benchAccountsList({ apiUrl: stack.apiUrl, token, sub });
  console.log(
    `\nGetAccountsList, 1,000 accounts, page ${list.pageSize}, ${list.concurrency} callers, ${list.requests} requests each`,
  );
  console.log(`  local API : p50 ${fmt(list.api.p50)} ms, p99 ${fmt(list.api.p99)} ms`);
  console.log(`  raw Query : p50 ${fmt(list.raw.p50)} ms, p99 ${fmt(list.raw.p99)} ms`);
  console.log(`  ratio p50 : ${fmt(list.ratioP50, 2)} (budget ≤ ${LIST_P50_BUDGET_RATIO})`);
  if (list.ratioP50 > LIST_P50_BUDGET_RATIO)
    failures.push(`GetAccountsList p50 ratio ${fmt(list.ratioP50, 2)} > ${LIST_P50_BUDGET_RATIO}`);
}

function finish(failures: string[]): never {
  console.log(failures.length ? `\nBudgets missed:\n- ${failures.join('\n- ')}` : '\nAll budgets hold.');
  process.exit(failures.length ? 1 : 0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
