import { spawnSync } from 'node:child_process';
import { randomInt } from 'node:crypto';
import path from 'node:path';
import { DEFAULT_TIME_ZONE } from '../lambdas/shared/calendar';
import { todayIn } from '../lambdas/shared/company-day';
import { dispatchCompanySync, inProcessSyncQueue } from '../lambdas/modules/connectors/sync/dispatch';
import type { SyncRun } from '../lambdas/modules/connectors/sync-run-store';
import { memorySyncPorts } from '../test/support/memory-sync-ports';
import { MemoryPlatform } from '../test/support/memory-platform';

/**
 * The sync's "memory flat" budget: the memory of a process that does nothing but one first sync of
 * `days` × 200 campaigns (the bench's account: 180 campaigns on 20 lines, 20 unmapped) through the
 * dispatcher, the in-process queue and the worker into the table. bench/sync.ts runs it in fresh
 * processes for 3 months and for a year and compares them (in its own process the raw baseline's
 * prepared items would blur the figure). Two readings:
 * - as it runs (`natural`): the process's peak RSS. V8 collects lazily, so a longer run reaches a
 *   higher peak of garbage not yet collected: this grows with the run's length even when nothing is kept;
 * - `live`: a full GC every second (node --expose-gc), the largest heap that survives it (what the
 *   sync HOLDS), and the peak RSS of that run. This is the one that must not grow with the window.
 *
 *   DYNAMODB_ENDPOINT=… TABLE_NAME=… npx tsx bench/sync-rss.ts 365 live
 */
export type RssMode = 'natural' | 'live';
export interface SyncRss {
  days: number;
  mode: RssMode;
  rows: number;
  ms: number;
  rssBeforeMb: number;
  peakRssMb: number;
  liveHeapMb?: number;
  status: string;
}

const CAMPAIGNS = 200;

async function child(days: number, mode: RssMode): Promise<SyncRss> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (mode === 'live' && !gc) throw new Error('live mode needs node --expose-gc');
  const now = Date.now();
  const platform = new MemoryPlatform({ campaigns: CAMPAIGNS, batchRows: 1000 });
  const companyId = randomInt(1e6, 2e9);
  const ports = memorySyncPorts();
  ports.addConnector(companyId, {
    agentConnectorId: 1,
    connectorType: 'google_ads',
    credentials: { refreshToken: 'bench' },
    externalAccounts: [{ externalAccountId: '5550001' }],
  });
  for (let c = 0; c < 180; c++)
    ports.map(
      { connectorType: 'google_ads', externalAccountId: '5550001', externalCampaignId: String(1000 + c) },
      { lineId: 9000 + (c % 20), activityId: 900 + (c % 2), accountId: 90 },
    );
  let run: SyncRun | undefined;
  const queue = inProcessSyncQueue(
    {
      ports,
      clientFor: () => platform.client(),
      now: () => now,
      settings: { restatementDays: 28, backfillDays: days },
    },
    {
      onRun: (r) => {
        run = r;
      },
    },
  );
  const rssBefore = process.memoryUsage().rss;
  let liveHeap = 0;
  const sampler =
    mode === 'live'
      ? setInterval(() => {
          gc!();
          liveHeap = Math.max(liveHeap, process.memoryUsage().heapUsed);
        }, 1000)
      : undefined;
  const t0 = performance.now();
  await dispatchCompanySync(companyId, ports, queue);
  await queue.idle();
  const ms = performance.now() - t0;
  clearInterval(sampler);
  if (todayIn(DEFAULT_TIME_ZONE, now) !== run?.To) throw new Error('the sync did not reach today');
  return {
    days,
    mode,
    rows: run.RowsWritten,
    ms,
    rssBeforeMb: rssBefore / 2 ** 20,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
    ...(mode === 'live' ? { liveHeapMb: liveHeap / 2 ** 20 } : {}),
    status: run.Status,
  };
}

/** Runs the child in a fresh process against the bench's table. */
export function syncRssIn(days: number, mode: RssMode, env: Record<string, string>): SyncRss {
  const tsx = path.join(__dirname, '..', 'node_modules', 'tsx', 'dist', 'cli.mjs');
  // tsx runs the script in a Node of its own: the flag goes through NODE_OPTIONS.
  const out = spawnSync(process.execPath, [tsx, __filename, String(days), mode], {
    env: {
      ...process.env,
      ...env,
      MIXDESK_LOG_LEVEL: 'silent',
      NODE_NO_WARNINGS: '1',
      AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE: '1',
      ...(mode === 'live' ? { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --expose-gc`.trim() } : {}),
    },
    encoding: 'utf8',
  });
  if (out.status !== 0) throw new Error(`sync-rss ${days} ${mode} failed: ${out.stderr}`);
  return JSON.parse(out.stdout.trim().split('\n').pop()!) as SyncRss;
}

if (require.main === module) {
  child(Number(process.argv[2]), process.argv[3] === 'live' ? 'live' : 'natural').then(
    (r) => {
      process.stdout.write(`${JSON.stringify(r)}\n`);
      process.exit(0);
    },
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
