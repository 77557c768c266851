import { spawn } from 'node:child_process';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { inParallel } from '../lambdas/core/in-parallel';
import { ROUTES, type RouteDef } from '../lambdas/manifest';
import { Permission, Role } from '../lambdas/shared/permissions';
import { createDemoUser } from '../local/seed';
import type { LocalStack } from '../local/start';
import { accessToken } from './accounts-list';
import { postJson } from './api-client';
import type { LoadCall, LoadConfig, LoadResult } from './performance-load';
import type { Seeded, SeededActivity } from './performance-seed';
import { fmt } from './stats';

/**
 * The performance bench's load run (bench/performance.ts, step 4): the users and the call mix, the
 * client in a child process (bench/performance-load.ts), and this (the API's) process's memory.
 */

const MEMORY_BUDGET_RATIO = 1.2;
/** The tail rule: every call's p99 at most this many times their p50. */
const TAIL_RATIO_BUDGET = 5;
const LOAD_USERS = 50;

export type Budget = (name: string, measured: string, limit: string, ok: boolean | null) => void;

v8.setFlagsFromString('--expose_gc');
const gc = vm.runInNewContext('gc') as () => void;
const fullGc = () => {
  gc();
  gc();
};
const mb = (b: number) => `${fmt(b / 2 ** 20)} MB`;

function runLoad(cfg: LoadConfig): Promise<LoadResult> {
  const tsx = path.join(__dirname, '..', 'node_modules', 'tsx', 'dist', 'cli.mjs');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [tsx, path.join(__dirname, 'performance-load.ts')], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => {
      const last = out.trim().split('\n').pop() ?? '';
      if (code !== 0 || !last.startsWith('{')) reject(new Error(`the load client exited ${code}: ${out.slice(-500)}`));
      else resolve(JSON.parse(last) as LoadResult);
    });
    child.stdin.end(JSON.stringify(cfg));
  });
}

/** One analyst per simulated user, each with its own token. */
async function loadTokens(stack: LocalStack, users: number): Promise<string[]> {
  const opts = {
    tableName: stack.tableName,
    dynamoEndpoint: stack.dynamoEndpoint,
    cognitoEndpoint: stack.cognitoEndpoint,
    userPoolId: stack.userPoolId,
    clientId: stack.clientId,
  };
  return inParallel(
    Array.from({ length: users }, (_, i) => i),
    async (i) => {
      const email = `perf-user-${String(i).padStart(2, '0')}@demo.mixdesk.test`;
      await createDemoUser(
        opts,
        {
          email,
          name: `Perf User ${i}`,
          companyId: 1,
          roleId: Role.Analyst,
          permissions: [Permission.OperationalReports, Permission.ManagementReports],
          isSystemAdmin: false,
          accounts: 'all',
        },
        'all',
      );
      return (await accessToken(stack.cognitoEndpoint, stack.clientId, email)).token;
    },
    8,
  );
}

/** The mix of reads, weighted, spread over the seeded activities. */
function loadCalls(seeded: Seeded, bigs: SeededActivity[]): LoadCall[] {
  const smalls = seeded.activities.filter((a) => !a.big);
  const pick = <T>(xs: T[], n: number) =>
    Array.from({ length: Math.min(n, xs.length) }, (_, i) => xs[Math.floor((i * xs.length) / Math.min(n, xs.length))]);
  const spread = (
    name: string,
    weight: number,
    targets: SeededActivity[],
    make: (a: SeededActivity) => Omit<LoadCall, 'name' | 'weight'>,
  ): LoadCall[] => targets.map((a) => ({ name, weight: weight / targets.length, ...make(a) }));
  return [
    {
      name: 'report: last month, all accounts, by account',
      weight: 4,
      path: 'ReportsService/GetPerformanceReport',
      body: { period: '4', groupBy: 'account' },
    },
    ...spread('report: one account, this month, by activity', 8, pick(seeded.activities, 10), (a) => ({
      path: 'ReportsService/GetPerformanceReport',
      body: { period: '3', groupBy: 'activity', accountId: a.accountId },
    })),
    ...spread('activity performance', 24, [...pick(bigs, 10), ...pick(smalls, 10)], (a) => ({
      path: 'PerformanceService/GetActivityPerformance',
      body: { activityId: a.activityId, mediaMixId: a.versionId },
      accountId: a.accountId,
    })),
    ...spread('plan (GetMediaMixInfo)', 20, [...pick(bigs, 10), ...pick(smalls, 10)], (a) => ({
      path: 'MediaMixService/GetMediaMixInfo',
      body: { mediaMixId: a.versionId },
      accountId: a.accountId,
    })),
    {
      name: 'accounts list',
      weight: 16,
      path: 'AccountsService/GetAccountsList',
      body: { mainAccountId: -1, pageSize: 50 },
    },
    ...spread('activities list', 16, pick(seeded.activities, 20), (a) => ({
      path: 'ActivitiesService/GetActivitiesList',
      body: { accountId: a.accountId, pageSize: 50 },
      accountId: a.accountId,
    })),
  ];
}

/** The manager dashboard joins the mix when its route is in the manifest and answers; what was decided. */
async function addDashboard(stack: LocalStack, token: string, calls: LoadCall[]): Promise<string> {
  const dashboard = (ROUTES as readonly RouteDef[]).find(
    (r) => r.service === 'DashboardService' && r.method === 'GetManagerDashboard',
  );
  if (!dashboard) return 'not in the manifest yet: left out of the mix';
  const res = await postJson(
    `${stack.apiUrl}/DashboardService/GetManagerDashboard`,
    { authorization: `Bearer ${token}` },
    {},
  );
  if (!res.body.Success) return `answered ${res.status} to {}: left out of the mix (${res.body.ErrorMessage})`;
  calls.push({ name: 'manager dashboard', weight: 12, path: 'DashboardService/GetManagerDashboard', body: {} });
  return 'in the mix';
}

/** The warm-up and the run, with this process's memory before, between, during and after. */
async function measuredRuns(stack: LocalStack, tokens: string[], calls: LoadCall[], quick: boolean) {
  const warmMs = quick ? 5_000 : 15_000;
  const runMs = quick ? 15_000 : 60_000;
  fullGc();
  const before = process.memoryUsage();
  // A call the client gave up on (or the Lambda timeout answered) may still run its reads in this
  // process: both heaps compared are taken after those finished, as a container's between invocations.
  const settleMs = quick ? 10_000 : 30_000;
  const settle = () => new Promise((r) => setTimeout(r, settleMs));
  const warm = await runLoad({ apiUrl: stack.apiUrl, durationMs: warmMs, tokens, calls });
  await settle();
  fullGc();
  const afterWarm = process.memoryUsage();
  let peakRss = 0;
  let peakHeap = 0;
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  }, 250);
  let r: LoadResult;
  try {
    r = await runLoad({ apiUrl: stack.apiUrl, durationMs: runMs, tokens, calls });
  } finally {
    clearInterval(sampler);
  }
  const atEndNoGc = process.memoryUsage();
  fullGc();
  const atEndGc = process.memoryUsage();
  await settle();
  fullGc();
  const end = process.memoryUsage();
  return { warm, r, settleMs, before, afterWarm, peakRss, peakHeap, atEndNoGc, atEndGc, end };
}

/** 4. LOAD_USERS users at once for 60 s, a realistic mix through the local API; memory of this (the API's) process. */
export async function load(
  stack: LocalStack,
  seeded: Seeded,
  bigs: SeededActivity[],
  quick: boolean,
  budget: Budget,
): Promise<void> {
  const users = LOAD_USERS;
  const tokens = await loadTokens(stack, users);
  const calls = loadCalls(seeded, bigs);
  const dashboardNote = await addDashboard(stack, tokens[0], calls);
  console.log(
    `\nLoad run: ${users} users (each its own user and token), mix: ${[...new Set(calls.map((c) => c.name))].join('; ')}; dashboard ${dashboardNote}`,
  );
  const { warm, r, settleMs, before, afterWarm, peakRss, peakHeap, atEndNoGc, atEndGc, end } = await measuredRuns(
    stack,
    tokens,
    calls,
    quick,
  );
  console.log(`  warm-up ${fmt(warm.seconds)} s: ${warm.requests} requests, ${warm.errors} errors`);
  console.log(
    `  run ${fmt(r.seconds)} s: ${r.requests} requests (${fmt(r.requests / r.seconds)}/s), ${r.errors} errors, p50 ${fmt(r.p50)} ms, p99 ${fmt(r.p99)} ms`,
  );
  for (const [name, c] of Object.entries(r.byCall))
    console.log(
      `    ${name.padEnd(46)} ${String(c.requests).padStart(6)} requests ${String(c.errors).padStart(3)} errors  p50 ${fmt(c.p50).padStart(7)} ms  p99 ${fmt(c.p99).padStart(7)} ms`,
    );
  if (r.errorSamples.length || warm.errorSamples.length)
    console.log(`  errors, e.g.: ${[...warm.errorSamples, ...r.errorSamples].join(' | ')}`);
  console.log(
    `  API process memory: before (after GC) RSS ${mb(before.rss)} heap ${mb(before.heapUsed)}; after warm-up (${settleMs / 1000} s later, after GC) RSS ${mb(afterWarm.rss)} heap ${mb(afterWarm.heapUsed)}; during the run peak RSS ${mb(peakRss)} peak heap ${mb(peakHeap)}; at the end RSS ${mb(atEndNoGc.rss)} heap ${mb(atEndNoGc.heapUsed)}, after GC RSS ${mb(atEndGc.rss)} heap ${mb(atEndGc.heapUsed)}; ${quick ? 10 : 30} s later, after GC, RSS ${mb(end.rss)} heap ${mb(end.heapUsed)}`,
  );
  const heapRatio = end.heapUsed / afterWarm.heapUsed;
  budget(
    `load: ${users} users × ${fmt(r.seconds, 0)} s, errors (non-2xx)`,
    `${r.errors} of ${r.requests} (${fmt(r.requests / r.seconds)}/s)`,
    '0',
    r.errors === 0 && warm.errors === 0,
  );
  budget(
    'load: tail, p99 ÷ p50 of all calls',
    `${fmt(r.p99 / r.p50, 2)}× (p99 ${fmt(r.p99)} ms, p50 ${fmt(r.p50)} ms)`,
    `≤ ${TAIL_RATIO_BUDGET}×`,
    r.p99 / r.p50 <= TAIL_RATIO_BUDGET,
  );
  budget(
    `load: API heap after GC, ${quick ? 10 : 30} s after the end vs after warm-up`,
    `${fmt(heapRatio, 2)}× (${mb(end.heapUsed)} vs ${mb(afterWarm.heapUsed)})`,
    `≤ ${MEMORY_BUDGET_RATIO}×`,
    heapRatio <= MEMORY_BUDGET_RATIO,
  );
}
