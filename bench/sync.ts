import { randomInt } from 'node:crypto';
import { startDynamoLocal } from '../local/dynamo-local';
import { freePort } from '../local/ports';
import { batchPut } from '../lambdas/modules/performance-data/batch-write-store.dynamodb';
import { statItem } from '../lambdas/modules/performance-data/daily-stat-store.dynamodb';
import { storedStatOf } from '../lambdas/modules/performance-data/stat-values';
import { DEFAULT_TIME_ZONE, addDaysTo } from '../lambdas/shared/calendar';
import { todayIn } from '../lambdas/shared/company-day';
import { dispatchCompanySync, inProcessSyncQueue } from '../lambdas/modules/connectors/sync/dispatch';
import type { SyncDeps } from '../lambdas/modules/connectors/sync/sync-account';
import { type LineTarget } from '../lambdas/modules/connectors/sync/sync-ports';
import { memorySyncPorts } from '../test/support/memory-sync-ports';
import { MemoryPlatform } from '../test/support/memory-platform';
import { fmt } from './stats';
import { syncBundleSizes } from './sync-bundles';
import { BUNDLE_CEILING_BYTES } from './handler-bundles';
import { SYNC_COLD_INIT_BUDGET_RATIO, syncColdInits } from './sync-cold-init';
import { syncRssIn, type SyncRss } from './sync-rss';

/**
 * Sync budgets (`npm run bench`), on an in-memory DynamoDB Local of its own:
 * - one year × 200 campaigns (73,000 rows) from a platform through the dispatcher, the queue and
 *   the worker (lambdas/modules/connectors/sync) into the table WITH rollups, vs a raw BatchWriteItem of the same stat
 *   items (same concurrency, same run, another company's partition): ≤ 1.5×; peak RSS reported;
 * - a re-sync of the 28-day window where every row was restated (5,600 rows and their rollups) vs
 *   raw writes replacing those days' stored items: ≤ 1.5×; and the same re-sync with nothing restated
 *   (no write) and with 7 of its days restated (for information);
 * - memory flat: a first sync of 3 months and of a year, each alone in a fresh process
 *   (bench/sync-rss.ts): the heap that survives a full GC (what the sync holds) of the year ≤ 1.25× the
 *   3 months'; peak RSS printed, with and without those GCs;
 * - the sync bundles within their ceiling (a guard), and their cold init (bench/sync-cold-init.ts) ≤ 3× a bare Node start.
 *
 * What each side of a ratio does. Raw: BatchWriteItem (25 a call, 8 in flight) of stat items built
 * BEFORE the clock starts, into a partition of their own — nothing read, no rollup, no campaign. Sync:
 * from the dispatch to the queue's idle — the run and state records, the stored window read (one
 * projected Query per ≤ 31-day slice), the platform's rows made (MemoryPlatform) and compared, the
 * changed stats and their rollup days written (BatchWriter, 8 in flight), the campaigns upserted.
 * The platform is the in-process MemoryPlatform (test/support): the HTTP fakes' own throughput is
 * the connector-clients bench's. 180 campaigns map to 20 lines of 2 activities, 20 are unmapped.
 *
 *   npx tsx bench/sync.ts
 */
const CAMPAIGNS = 200;
const DAYS = 365;
const RATIO_BUDGET = 1.5;
/** "Memory flat": the heap a year's first sync keeps ≤ this × 3 months'. */
const MEMORY_FLAT_RATIO = 1.25;
const TABLE = 'mixdesk-bench-sync';

type Run = NonNullable<
  Awaited<ReturnType<typeof import('../lambdas/modules/connectors/sync/sync-account').syncExternalAccount>>
>;

async function main() {
  const dynamo = await startDynamoLocal({ port: await freePort(), tableNames: [TABLE], fastJvmStartup: false });
  process.env.DYNAMODB_ENDPOINT = dynamo.endpoint;
  process.env.TABLE_NAME = TABLE;
  process.env.AWS_REGION = 'local';
  process.env.MIXDESK_LOG_LEVEL = 'silent';
  const failures: string[] = [];
  const peak = { heap: 0, rss: 0 };
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    peak.heap = Math.max(peak.heap, m.heapUsed);
    peak.rss = Math.max(peak.rss, m.rss);
  }, 50);
  try {
    if (process.argv.includes('--cold-init')) {
      await coldInit(failures);
      return;
    }
    const bench = await firstSync(peak, failures);
    await resyncs(bench, failures);
    // Memory: 3 months and a year, each alone in a fresh process.
    memoryFlat(dynamo.endpoint, failures);
    await bundles(failures);
    await coldInit(failures);
  } finally {
    clearInterval(sampler);
    await dynamo.stop();
  }
  console.log(failures.length ? `\nSync budgets missed:\n- ${failures.join('\n- ')}` : '\nSync budgets hold.');
  process.exit(failures.length ? 1 : 0);
}

/** The platform's campaigns, 180 of them mapped to 20 lines, and the raw side's stat items and writes. */
function syncWorld() {
  const platform = new MemoryPlatform({ campaigns: CAMPAIGNS, batchRows: 1000 });
  const lines: LineTarget[] = Array.from({ length: 20 }, (_, i) => ({
    lineId: 9000 + i,
    activityId: 900 + (i % 2),
    accountId: 90,
  }));
  const targetOf = (c: number) => (c < 180 ? lines[c % 20] : undefined);
  const rawItems = (companyId: number, from: string, to: string) => {
    const items: Record<string, unknown>[] = [];
    for (let d = from; d <= to; d = addDaysTo(d, 1)) {
      for (let c = 0; c < CAMPAIGNS; c++) {
        const t = targetOf(c);
        items.push(
          statItem(
            companyId,
            'google_ads',
            '5550001',
            storedStatOf(
              platform.stat('5550001', c, d),
              t && { LineId: t.lineId, ActivityId: t.activityId, AccountId: t.accountId },
            ),
          ),
        );
      }
    }
    return items;
  };
  const timeRaw = async (items: Record<string, unknown>[]) => {
    const t0 = performance.now();
    await batchPut(items, 8);
    return performance.now() - t0;
  };
  return { platform, targetOf, rawItems, timeRaw };
}

/** The synced company: its connector, the campaigns' mapping, and the in-process queue recording each run. */
function syncCompany(companyId: number, world: ReturnType<typeof syncWorld>, now: number) {
  const ports = memorySyncPorts();
  ports.addConnector(companyId, {
    agentConnectorId: 1,
    connectorType: 'google_ads',
    credentials: { refreshToken: 'bench' },
    externalAccounts: [{ externalAccountId: '5550001' }],
  });
  for (let c = 0; c < CAMPAIGNS; c++)
    ports.map(
      { connectorType: 'google_ads', externalAccountId: '5550001', externalCampaignId: String(1000 + c) },
      world.targetOf(c),
    );
  const deps: SyncDeps = {
    ports,
    clientFor: () => world.platform.client(),
    now: () => now,
    settings: { restatementDays: 28, backfillDays: DAYS },
  };
  const runs: Run[] = [];
  const queue = inProcessSyncQueue(deps, { onRun: (r) => r && runs.push(r) });
  return { ports, runs, queue };
}

type SyncBench = ReturnType<typeof syncWorld> &
  ReturnType<typeof syncCompany> & { today: string; companyId: number; rawCompany: number };

/** A year's first sync through the dispatcher, the queue and the worker vs raw writes of the year. */
async function firstSync(peak: { heap: number; rss: number }, failures: string[]): Promise<SyncBench> {
  const now = Date.now();
  const today = todayIn(DEFAULT_TIME_ZONE, now);
  const world = syncWorld();
  const { rawItems, timeRaw } = world;

  // Warm-up: the JVM and the connection pool.
  await timeRaw(rawItems(randomInt(1e6, 2e9), addDaysTo(today, -20), today));

  const from = addDaysTo(today, -(DAYS - 1));
  const rawCompany = randomInt(1e6, 2e9);
  const rawYear = rawItems(rawCompany, from, today);
  const rawMs1 = await timeRaw(rawYear);

  const companyId = randomInt(1e6, 2e9);
  const company = syncCompany(companyId, world, now);
  const { ports, runs, queue } = company;
  const rssBefore = process.memoryUsage().rss;
  peak.rss = rssBefore;
  const t0 = performance.now();
  await dispatchCompanySync(companyId, ports, queue);
  await queue.idle();
  const syncMs = performance.now() - t0;
  const syncPeakRss = peak.rss;
  const peakRssMb = process.resourceUsage().maxRSS / 1024;
  const rawMs2 = await timeRaw(rawItems(randomInt(1e6, 2e9), from, today));
  const rawMs = (rawMs1 + rawMs2) / 2;
  const first = runs[0];
  const ratio = syncMs / rawMs;
  console.log(`\nSync: ${DAYS} days × ${CAMPAIGNS} campaigns, one account (status ${first?.Status})`);
  console.log(
    `  rows read ${first?.RowsRead}, stat items written ${first?.RowsWritten}, rollup updates ${first?.RollupsWritten}`,
  );
  console.log(
    `  raw BatchWriteItem : ${fmt(rawMs1)} ms, ${fmt(rawMs2)} ms after (mean ${fmt(rawMs)} ms, ${fmt(rawYear.length / (rawMs / 1000), 0)} items/s)`,
  );
  console.log(`  sync (worker)      : ${fmt(syncMs)} ms, ${fmt((first?.RowsRead ?? 0) / (syncMs / 1000), 0)} rows/s`);
  console.log(`  ratio              : ${fmt(ratio, 2)} (budget ≤ ${RATIO_BUDGET})`);
  console.log(
    `  memory             : RSS ${fmt(rssBefore / 2 ** 20)} MB before the sync, ${fmt(syncPeakRss / 2 ** 20)} MB at most during it (+${fmt((syncPeakRss - rssBefore) / 2 ** 20)} MB); process peak RSS ${fmt(peakRssMb)} MB (incl. the raw baseline's prepared items), peak heap ${fmt(peak.heap / 2 ** 20)} MB`,
  );
  if (first?.Status !== 'OK' || first.RowsWritten !== CAMPAIGNS * DAYS)
    failures.push(`sync did not store the year (${first?.Status}, ${first?.RowsWritten} rows)`);
  if (ratio > RATIO_BUDGET) failures.push(`sync ${fmt(ratio, 2)}x raw writes > ${RATIO_BUDGET}x`);
  return { ...world, ...company, today, companyId, rawCompany };
}

/** The 28-day window synced again: every row restated, nothing restated, 7 days restated. */
async function resyncs(bench: SyncBench, failures: string[]) {
  const { platform, rawItems, timeRaw, today, companyId, rawCompany, ports, runs, queue } = bench;
  // The 28-day re-sync, every row restated (worst case), vs raw writes of those days: the raw
  // baseline does what the re-sync does to the table — replaces 28 stored days (the raw company's
  // year holds them) with restated values. Short runs on a shared machine are noisy: 5 rounds of
  // (raw, re-sync) alternating, the median ratio counts.
  const ratios: number[] = [];
  let resync: (typeof runs)[number] | undefined;
  for (let round = 0; round < 5; round++) {
    for (let i = 0; i < 28; i++) platform.restated.set(addDaysTo(today, -i), 1 + round * 3 + (i % 3));
    const rawWinMs = await timeRaw(rawItems(rawCompany, addDaysTo(today, -27), today));
    runs.length = 0;
    const t1 = performance.now();
    await dispatchCompanySync(companyId, ports, queue);
    await queue.idle();
    const resyncMs = performance.now() - t1;
    resync = runs[0];
    ratios.push(resyncMs / rawWinMs);
    console.log(
      `${round ? '' : '\nRe-sync of the 28-day window, every row restated:\n'}  round ${round + 1}: raw ${fmt(rawWinMs)} ms, re-sync ${fmt(resyncMs)} ms (${resync?.RowsWritten} rows, ${resync?.RollupsWritten} rollup items), ratio ${fmt(resyncMs / rawWinMs, 2)}`,
    );
    if (resync?.RowsWritten !== 28 * CAMPAIGNS)
      failures.push(`re-sync wrote ${resync?.RowsWritten} rows, expected ${28 * CAMPAIGNS}`);
  }
  const ratio28 = [...ratios].sort((x, y) => x - y)[2];
  console.log(`  median ratio ${fmt(ratio28, 2)} (budget ≤ ${RATIO_BUDGET})`);
  const t2 = performance.now();
  runs.length = 0;
  await dispatchCompanySync(companyId, ports, queue);
  await queue.idle();
  console.log(
    `  the same re-sync with nothing restated: ${fmt(performance.now() - t2)} ms, ${runs[0]?.RowsWritten} rows written`,
  );
  if (ratio28 > RATIO_BUDGET) failures.push(`28-day re-sync ${fmt(ratio28, 2)}x raw writes > ${RATIO_BUDGET}x`);
  // The usual day: a few days restated. The re-sync reads the 28 days (platform and table) and writes
  // the 7 changed; against raw writes of the 28 days (the budget's baseline) and of the 7 alone.
  const restatedDays = Array.from({ length: 7 }, (_, i) => addDaysTo(today, -i * 4));
  restatedDays.forEach((d, i) => platform.restated.set(d, 40 + i));
  const raw28Ms = await timeRaw(rawItems(rawCompany, addDaysTo(today, -27), today));
  const raw7 = restatedDays.flatMap((d) => rawItems(rawCompany, d, d));
  const raw7Ms = await timeRaw(raw7);
  runs.length = 0;
  const t3 = performance.now();
  await dispatchCompanySync(companyId, ports, queue);
  await queue.idle();
  const partMs = performance.now() - t3;
  console.log(
    `  with 7 of the 28 days restated: ${fmt(partMs)} ms, ${runs[0]?.RowsWritten} rows and ${runs[0]?.RollupsWritten} rollup items written; ${fmt(partMs / raw28Ms, 2)}x raw writes of the 28 days (${fmt(raw28Ms)} ms), ${fmt(partMs / raw7Ms, 2)}x raw writes of the ${raw7.length} restated rows alone (${fmt(raw7Ms)} ms)`,
  );
}

/** A first sync of 3 months and of a year, each alone in a fresh process: the heap kept stays flat. */
function memoryFlat(endpoint: string, failures: string[]) {
  const env = { TABLE_NAME: TABLE, DYNAMODB_ENDPOINT: endpoint, AWS_REGION: 'local' };
  const rss: Record<string, SyncRss> = {};
  for (const days of [90, DAYS])
    for (const mode of ['natural', 'live'] as const) rss[`${days}${mode}`] = syncRssIn(days, mode, env);
  console.log('\nMemory of a first sync alone in a fresh process (3 months vs a year):');
  for (const days of [90, DAYS]) {
    const n = rss[`${days}natural`];
    const l = rss[`${days}live`];
    console.log(
      `  ${String(days).padStart(3)} days (${n.rows} rows): peak RSS ${fmt(n.peakRssMb)} MB as it runs; with a full GC every second: heap kept ≤ ${fmt(l.liveHeapMb ?? NaN)} MB, peak RSS ${fmt(l.peakRssMb)} MB (RSS at start ${fmt(n.rssBeforeMb)} MB)`,
    );
  }
  const heapRatio = (rss[`${DAYS}live`].liveHeapMb ?? Infinity) / (rss['90live'].liveHeapMb ?? 0);
  console.log(
    `  heap kept, a year vs 3 months: ${fmt(heapRatio, 2)}x (budget ≤ ${MEMORY_FLAT_RATIO}x); peak RSS as it runs ${fmt(rss[`${DAYS}natural`].peakRssMb / rss['90natural'].peakRssMb, 2)}x (V8 collects lazily: a longer run peaks on more garbage)`,
  );
  if (heapRatio > MEMORY_FLAT_RATIO)
    failures.push(
      `memory not flat: the heap a year's sync keeps is ${fmt(heapRatio, 2)}x 3 months' > ${MEMORY_FLAT_RATIO}x`,
    );
}

async function bundles(failures: string[]) {
  console.log(`\nSync bundles (minified, ceiling ≤ ${fmt(BUNDLE_CEILING_BYTES / 1024)} kB):`);
  for (const b of await syncBundleSizes()) {
    console.log(`  ${b.name.padEnd(28)} ${fmt(b.bytes / 1024).padStart(7)} kB`);
    if (b.bytes > BUNDLE_CEILING_BYTES)
      failures.push(`${b.name} bundle ${fmt(b.bytes / 1024)} kB > ${fmt(BUNDLE_CEILING_BYTES / 1024)} kB`);
  }
}

/** The sync handlers' cold init (alone: `npx tsx bench/sync.ts --cold-init`). */
async function coldInit(failures: string[]): Promise<void> {
  const env = {
    TABLE_NAME: TABLE,
    DYNAMODB_ENDPOINT: process.env.DYNAMODB_ENDPOINT!,
    AWS_REGION: 'local',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
  };
  const cold = await syncColdInits(env, randomInt(1e6, 2e9));
  console.log(
    `\nSync cold init (Lambda's Init Duration): whole process, spawn → handler ready → exit, median of 7, vs bare \`node -e ''\` ${fmt(cold.bareMs)} ms, same environment (budget ≤ ${SYNC_COLD_INIT_BUDGET_RATIO}x)`,
  );
  for (const c of cold.figures) {
    console.log(
      `  ${c.name.padEnd(28)} ${fmt(c.processMs).padStart(7)} ms  ${fmt(c.ratio, 2)}x   (in the process: import ${fmt(c.importMs)} ms, import → first reply ${fmt(c.firstReplyMs)} ms)`,
    );
    if (c.ratio > SYNC_COLD_INIT_BUDGET_RATIO)
      failures.push(`${c.name} cold init ${fmt(c.ratio, 2)}x bare Node > ${SYNC_COLD_INIT_BUDGET_RATIO}x`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
