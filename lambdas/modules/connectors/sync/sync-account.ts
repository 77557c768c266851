import { setTimeout as sleepFor } from 'node:timers/promises';
import { log } from '../../../core/logger';
import { getSyncState, putSyncRun, putSyncState } from '../sync-run-store.dynamodb';
import type { SyncRun } from '../sync-run-store';
import { DEFAULT_TIME_ZONE } from '../../../shared/calendar';
import { todayIn } from '../../../shared/company-day';
import { daySlices } from '../http/day-slices';
import { backoffMs } from '../http/retry';
import { PlatformError, type ConnectorType, type PlatformClient } from '../platform';
import { noteCampaign, resolveNewCampaigns, storeCampaignsSeen, type CampaignsOfRun } from './campaigns-seen';
import type { ClientFactory } from './client-factory';
import { moveCampaignHistory } from './remap';
import { finishRun, newRun, noteFailure, statusOfKind, type RunScope } from './run-record';
import { diffBatch, readStoredSlice, type StoredSlice, type SyncedAccount } from './slice';
import { StatWriter } from './stat-writer';
import type { SyncPorts } from './sync-ports';
import { DEFAULT_SYNC_SETTINGS, retainedFrom, syncWindow, type SyncSettings } from './sync-window';

/** One unit of sync work: one message of the queue. */
export interface SyncJob {
  companyId: number;
  agentConnectorId: number;
  externalAccountId: string;
  /** Which platform's queue carries it (the dispatcher knows; the worker reads the connector's own). */
  connectorType?: ConnectorType;
  /**
   * Not a sync: move one campaign's stored history to the line it maps to now, after a person's
   * mapping saved as `version` (SaveCampaign answers before the move; sync/remap.ts).
   */
  moveHistory?: { externalCampaignId: string; version: number };
}

export interface SyncDeps {
  ports: SyncPorts;
  clientFor: ClientFactory;
  settings?: SyncSettings;
  /** The company's zone, for an external account whose own zone is unknown. */
  companyTimeZone?: string;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** Tries of a window in all when the platform fails retryably (default 4). */
  maxAttempts?: number;
  /** Backoff without a platform delay: first wait, cap (defaults 2 s, 5 min). */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Changed stats gathered before a write (default 1,000). */
  writeEvery?: number;
  /** BatchWriteItem calls in flight (default 8). */
  writeConcurrency?: number;
  /** Days of the window held in memory at once (default 31): a longer window is synced slice by slice. */
  sliceDays?: number;
}

/**
 * Syncs one external account of one agent connector, in named steps:
 * 1. plan — the window (sync-window.ts) in the account's own days, cut into slices of at most
 *    `sliceDays` (31) days, one after the other, each one platform call (a 28-day re-sync: one);
 * 2. read stored — the slice's stored stats read once (slice.ts), while the platform's first batch
 *    is fetched;
 * 3. diff — each batch compared with what is stored: unchanged stats are not written;
 * 4. write — changed or new stats, with the rollups they changed, through the StatWriter
 *    (stat-writer.ts builds the requests); a retryable platform failure (throttled, transient) waits
 *    the policy's delay (http/retry.ts) and reads the slice again (nothing doubles), a bounded
 *    number of times in the run; any other failure ends the run and leaves the rest as stored;
 * 5. record run — the campaigns seen stored, the naming rule read again over the account's
 *    campaigns, the run and the account's state recorded (run-record.ts).
 * Returns the run (undefined when the connector is gone: the message is dropped).
 */
export async function syncExternalAccount(job: SyncJob, deps: SyncDeps): Promise<SyncRun | undefined> {
  const now = deps.now ?? Date.now;
  if (job.moveHistory) {
    await moveCampaignHistory(job, job.moveHistory, deps.ports);
    return undefined;
  }
  const connector = await deps.ports.loadConnector(job.companyId, job.agentConnectorId);
  if (!connector) return undefined;
  const type = connector.connectorType;
  const account = connector.externalAccounts.find((a) => a.externalAccountId === job.externalAccountId);
  const state = await getSyncState(job.companyId, job.agentConnectorId, job.externalAccountId);
  const today = todayIn(account?.timeZone ?? deps.companyTimeZone ?? DEFAULT_TIME_ZONE, now());
  const flightsFrom = account
    ? await deps.ports.flightsFrom?.(job.companyId, job.agentConnectorId, job.externalAccountId)
    : undefined;
  const window = syncWindow(today, state?.LastSyncedTo, deps.settings ?? DEFAULT_SYNC_SETTINGS, {
    syncedFrom: state?.SyncedFrom,
    flightsFrom,
    retainedFrom: retainedFrom(type, today),
  });
  const scope: RunScope = { ...job, state, window: { from: window.from, to: window.to } };
  const run = newRun(scope, type, now(), window.shortOf);
  await putSyncRun(job.companyId, run);
  if (!account) {
    const gone = new Error(`The ad account ${job.externalAccountId} is no longer linked to this connector`);
    return finishRun(scope, run, deps.ports, { status: 'Error', at: now(), error: gone });
  }
  let client: PlatformClient;
  const accountIds = connector.externalAccounts.map((a) => a.externalAccountId);
  const markedRunning = putSyncState(job.companyId, {
    ...(state ?? { AgentConnectorId: job.agentConnectorId, ExternalAccountId: job.externalAccountId }),
    Status: 'Running',
  });
  const synced = { ...job, type };
  const first = readStoredSlice(
    synced,
    daySlices(scope.window, deps.sliceDays ?? 31)[0],
    markedRunning,
    !!state && state.Status !== 'OK',
  );
  try {
    client = deps.clientFor(type, connector.credentials, accountIds, {
      onRetry: (err) => noteFailure(job.companyId, run, err),
    });
  } catch (err) {
    await first.loaded;
    const status = err instanceof PlatformError ? statusOfKind(err.kind) : 'Error';
    return finishRun(scope, run, deps.ports, { status, at: now(), error: err as Error });
  }
  return readWindow({ ...synced, scope, run, client, first, markedRunning }, deps);
}

interface WindowRead extends SyncedAccount {
  agentConnectorId: number;
  scope: RunScope;
  run: SyncRun;
  client: PlatformClient;
  /** The first slice, already being read while the client was made. */
  first: StoredSlice;
  markedRunning: Promise<unknown>;
}

/** Steps 2–5 over the window's slices, retrying a slice on a retryable platform failure. */
async function readWindow(w: WindowRead, deps: SyncDeps): Promise<SyncRun> {
  const now = deps.now ?? Date.now;
  const sleep = deps.sleep ?? ((ms: number) => sleepFor(ms).then(() => undefined));
  const { run, scope } = w;
  const ranges = daySlices(scope.window, deps.sliceDays ?? 31);
  const rewriteRollups = !!scope.state && scope.state.Status !== 'OK';
  const writer = new StatWriter(w, deps.writeEvery ?? 1000, deps.writeConcurrency ?? 8);
  const campaigns: CampaignsOfRun = { targets: new Map(), seen: new Map() };
  const settle = async (slice: StoredSlice) => {
    await slice.loaded;
    await writer.flush(slice.rollups);
    try {
      await writer.settle();
    } finally {
      run.RowsWritten = writer.written('stat');
      run.RollupsWritten = writer.written('rollup');
    }
  };
  let slice = w.first;
  for (let i = 0; i < ranges.length; ) {
    // The next slice: what the last one held is let go.
    if (i > 0 && slice.range.from !== ranges[i].from)
      slice = readStoredSlice(w, ranges[i], w.markedRunning, rewriteRollups);
    try {
      for await (const batch of w.client.dailyStats(w.externalAccountId, slice.range.from, slice.range.to)) {
        await slice.loaded;
        run.RowsRead += batch.length;
        await resolveNewCampaigns(batch, w, deps.ports, campaigns);
        const changes = diffBatch(batch, slice, w.externalAccountId, campaigns.targets, (s) =>
          noteCampaign(campaigns.seen, s),
        );
        for (const c of changes) writer.put(c.key, c.next);
        if (writer.full) await writer.flush(slice.rollups);
      }
      await settle(slice);
      i++;
    } catch (err) {
      // What was read before the failure is whole rows: stored, with their rollups, before deciding.
      await settle(slice);
      const ids = { companyId: w.companyId, agentConnectorId: w.agentConnectorId };
      if (err instanceof PlatformError && err.retryable && run.Attempts < (deps.maxAttempts ?? 4)) {
        const backoff = {
          baseMs: deps.baseDelayMs ?? 2000,
          capMs: deps.maxDelayMs ?? 300_000,
          capsPlatformDelay: true,
        };
        const wait = backoffMs(run.Attempts, err, backoff);
        log.warn('sync retry', { ...ids, kind: err.kind, attempt: run.Attempts, waitMs: wait });
        await noteFailure(w.companyId, run, err);
        await sleep(wait);
        run.Attempts++;
        continue;
      }
      log.warn('sync failed', { ...ids, kind: err instanceof PlatformError ? err.kind : 'internal' });
      // What this run wrote before the failure is complete per batch (stats and their rollups); the rest stays as stored.
      const { ruleError } = await storeCampaignsSeen(w, deps.ports, campaigns);
      const status = err instanceof PlatformError ? statusOfKind(err.kind) : 'Error';
      const error =
        err instanceof PlatformError
          ? err
          : new Error('The sync stopped on an unexpected error; it will be tried again');
      return finishRun(scope, run, deps.ports, { status, at: now(), error, ruleError });
    }
  }
  const { ruleError } = await storeCampaignsSeen(w, deps.ports, campaigns);
  return finishRun(scope, run, deps.ports, { status: 'OK', at: now(), ruleError });
}
