import { syncClientFor as googleAdsClient } from '../lambdas/modules/connectors/platforms/google-ads/client';
import { metaSyncClientFor } from '../lambdas/modules/connectors/platforms/meta-ads/client';
import type { SyncClientFor } from '../lambdas/modules/connectors/platforms/spec';
import { syncClientFor as tiktokAdsClient } from '../lambdas/modules/connectors/platforms/tiktok-ads/client';
import { isPlatformId, type PlatformId } from '../lambdas/shared/connector-platforms';
import { PlatformError } from '../lambdas/modules/connectors/platform';
import { dynamoSyncPorts } from '../lambdas/modules/connectors/connector-sync-ports';
import { listCompanyIds } from '../lambdas/modules/tenancy/company-store.dynamodb';
import { dispatchCompanySync, inProcessSyncQueue } from '../lambdas/modules/connectors/sync/dispatch';
import type { ClientFactory } from '../lambdas/modules/connectors/sync/client-factory';
import { companySyncSettings, isSyncHour } from '../lambdas/modules/connectors/sync/sync-settings';
import { syncNowHooks } from '../lambdas/modules/connectors/sync/sync-now';
import { costSampleSink, metered } from './cost-samples';

/**
 * How often the local Meta client polls a report job. The fake answers "Job Running" at the first
 * poll and "Job Completed" at the next; at Meta's 2 s, a first sync's 31-day slices waited ~30 s of
 * every stack's start (and Sync now as long) for nothing.
 */
const LOCAL_META_POLL_MS = 50;

const SYNC_CLIENTS: Record<PlatformId, SyncClientFor> = {
  google_ads: googleAdsClient,
  meta_ads: metaSyncClientFor({ pollIntervalMs: LOCAL_META_POLL_MS }),
  tiktok_ads: tiktokAdsClient,
};

/** Every platform's client (the cloud has one worker per platform; locally one queue serves them all), at the fakes' URLs from the environment. */
export const localClientFor: ClientFactory = (type, credentials, ids, hooks = {}) => {
  if (isPlatformId(type)) return SYNC_CLIENTS[type](credentials, ids, hooks);
  throw new PlatformError('invalid', 'A CSV upload connector has no platform to sync from', type);
};

export interface LocalSync {
  /** Sync now: a company (and optionally one agent connector), as the cloud dispatcher's event does; resolves when done. */
  syncNow(companyId: number, agentConnectorId?: number): Promise<number>;
  stop(): void;
}

/**
 * The connector sync of `npm start` (SQS and the workers in the cloud, lib/constructs/connector-sync.ts):
 * the same dispatcher and worker code on an in-process queue. Every company is synced once at start
 * (the demo connectors read the local fakes, so a new user sees actuals), then each company at its
 * SyncHour, checked hourly.
 */
export async function startLocalSync(log: (line: string) => void): Promise<LocalSync> {
  let failed = 0;
  const queue = inProcessSyncQueue(
    { ports: dynamoSyncPorts, clientFor: localClientFor },
    {
      // Each company's sync window and time zone, as the cloud worker reads them.
      settingsOf: companySyncSettings,
      onRun: (run) => {
        if (!run) return;

        if (run.Status !== 'OK') {
          failed++;
          log(`sync: ${run.ConnectorType} ${run.ExternalAccountId}: ${run.Status} — ${run.Error ?? ''}`);
        }
      },
    },
  );
  const syncNow = async (companyId: number, agentConnectorId?: number) => {
    const jobs = await dispatchCompanySync(
      companyId,
      dynamoSyncPorts,
      queue,
      agentConnectorId === undefined ? undefined : { agentConnectorId },
    );
    await queue.idle();
    return jobs.length;
  };
  // "Sync now" from the API (lambdas/modules/connectors/sync/sync-now.ts) lands on this queue: the route answers at once, the runs follow.
  syncNowHooks.local = queue;
  const t0 = Date.now();
  let accounts = 0;
  // Each company's first sync is one cost sample (units: its ad accounts), when samples are kept.
  const sink = costSampleSink();
  for (const companyId of await listCompanyIds())
    accounts += await metered(
      sink,
      { kind: 'job', name: 'sync:company' },
      () => syncNow(companyId),
      (n) => n,
    );
  if (accounts)
    log(
      `sync: ${accounts} ad account(s) read from the local platforms in ${((Date.now() - t0) / 1000).toFixed(1)} s (${failed} not OK)`,
    );
  const hourly = setInterval(
    () => {
      void (async () => {
        for (const companyId of await listCompanyIds()) {
          if (isSyncHour(await companySyncSettings(companyId), Date.now())) await syncNow(companyId);
        }
      })().catch((e) => log(`sync: ${(e as Error).message}`));
    },
    60 * 60 * 1000,
  );
  hourly.unref();
  return {
    syncNow,
    stop: () => {
      clearInterval(hourly);
      if (syncNowHooks.local === queue) syncNowHooks.local = undefined;
    },
  };
}
