import { randomUUID } from 'node:crypto';
import { setTimeout as sleepFor } from 'node:timers/promises';
import { PlatformError, type ConnectorType, type DailyStat, type Day } from '../connectors/platform';
import { log } from '../core/logger';
import {
  BatchWriter,
  readStats,
  RollupBook,
  sameStat,
  statItem,
  storedStatOf,
  type LineMonth,
  type StoredStat,
  type StoredTarget,
} from '../repositories/daily-stats';
import { refreshMonthSummaries } from '../repositories/month-summaries';
import { getSyncState, putSyncRun, putSyncState, type SyncRun } from '../repositories/sync-runs';
import { addDaysTo, DEFAULT_TIME_ZONE } from '../shared/calendar';
import { todayIn } from '../shared/company-day';
import type { ClientFactory } from './platform-clients';
import { moveCampaignHistory } from './remap';
import { campaignKey, type DiscoveredCampaign, type SyncPorts } from './sync-ports';
import { DEFAULT_SYNC_SETTINGS, retainedFrom, retryDelayMs, syncWindow, type SyncSettings } from './sync-window';

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

const statusOfKind = (kind: PlatformError['kind']): SyncRun['Status'] =>
  kind === 'auth' || kind === 'permission' ? 'NoAccess' : 'Error';

/**
 * Syncs one external account of one agent connector:
 * 1. the window (sync-window.ts) in the account's own days, taken in slices of at most `sliceDays`
 *    (31) days, one after the other: what is held in memory (the slice's stored stats and rollup
 *    sums) does not grow with the window, so a year's backfill needs what a month's does; each slice
 *    is one platform call (a 28-day re-sync: one);
 * 2. the stored stats of the slice read once (one Query), kept compactly to compute deltas;
 * 3. the platform's batches consumed as they come: each stat compared with the stored one —
 *    unchanged ones are not written; changed or new ones are Put (BatchWriteItem, handed to the
 *    write pool every 1,000) together with the rollups they changed (repositories/daily-stats.ts
 *    RollupBook, BatchWriter);
 * 4. a retryable platform failure (throttled, transient) waits the platform's delay and reads the
 *    slice again (what was written is then unchanged, so nothing doubles), a bounded number of
 *    times in the run; any other failure ends the run with the user's words on the account, and leaves what
 *    was stored as it was;
 * 5. the campaigns seen go to the ports (upsert), the naming rule is read again over all the
 *    account's stored campaigns (ports.remapByRule: a changed rule or name moves their history), the
 *    run and the account's state are recorded.
 * Returns the run (undefined when the connector is gone: the message is dropped).
 */
export async function syncExternalAccount(job: SyncJob, deps: SyncDeps): Promise<SyncRun | undefined> {
  const now = deps.now ?? Date.now;
  const sleep = deps.sleep ?? ((ms: number) => sleepFor(ms).then(() => undefined));
  const settings = deps.settings ?? DEFAULT_SYNC_SETTINGS;
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
  const window = syncWindow(today, state?.LastSyncedTo, settings, {
    syncedFrom: state?.SyncedFrom,
    flightsFrom,
    retainedFrom: retainedFrom(type, today),
  });
  const run: SyncRun = {
    RunId: randomUUID(),
    AgentConnectorId: job.agentConnectorId,
    ConnectorType: type,
    ExternalAccountId: job.externalAccountId,
    StartedAt: new Date(now()).toISOString(),
    From: window.from,
    To: window.to,
    RowsRead: 0,
    RowsWritten: 0,
    RollupsWritten: 0,
    Attempts: 1,
    Status: 'Running',
    ...(window.shortOf ? { BackfillShortOf: window.shortOf } : {}),
  };
  await putSyncRun(job.companyId, run);

  // The run says why it waits while it waits (still Running): Monitoring shows a failing platform at
  // its first failed call, whether the client retries it itself (onRetry) or this loop does.
  const noteFailure = async (err: PlatformError) => {
    run.Error = err.message;
    run.ErrorKind = err.kind;
    if (err.platformCode) run.PlatformCode = err.platformCode;
    else delete run.PlatformCode;
    await putSyncRun(job.companyId, run);
  };

  const finish = async (status: SyncRun['Status'], error?: PlatformError | Error, ruleError?: string) => {
    run.Status = status;
    run.EndedAt = new Date(now()).toISOString();
    // A failure of an earlier attempt is not the outcome of one that succeeded.
    delete run.Error;
    delete run.ErrorKind;
    delete run.PlatformCode;
    if (error) {
      run.Error = error.message;
      if (error instanceof PlatformError) {
        run.ErrorKind = error.kind;
        if (error.platformCode) run.PlatformCode = error.platformCode;
      }
    }
    await putSyncRun(job.companyId, run);
    await putSyncState(job.companyId, {
      AgentConnectorId: job.agentConnectorId,
      ExternalAccountId: job.externalAccountId,
      LastSyncedTo: status === 'OK' ? window.to : state?.LastSyncedTo,
      SyncedFrom:
        status === 'OK' && !(state?.SyncedFrom && state.SyncedFrom <= window.from) ? window.from : state?.SyncedFrom,
      LastSyncAt: status === 'OK' ? run.EndedAt : state?.LastSyncAt,
      Status: status,
      ...(error ? { LastError: error.message, LastErrorAt: run.EndedAt } : {}),
    });
    // A naming rule the engine refuses is the connector's error too (the data came in; the mapping needs the user).
    const problem = [error?.message, ruleError].filter(Boolean).join('; ');
    const recorded = status === 'Running' || (status === 'OK' && ruleError) ? 'Error' : status;
    const kind =
      error instanceof PlatformError && !ruleError
        ? { errorKind: error.kind, platformCode: error.platformCode ?? '' }
        : {};
    await deps.ports.recordResult(job.companyId, job.agentConnectorId, job.externalAccountId, {
      status: recorded,
      at: run.EndedAt,
      ...(problem ? { error: problem } : {}),
      ...kind,
    });
    return run;
  };

  if (!account) {
    return finish('Error', new Error(`The ad account ${job.externalAccountId} is no longer linked to this connector`));
  }

  // The stored stats of the slice being synced, compact: day#campaign → stored stat, and the sums of
  // its rollup days. Read while the platform's first batch of the slice is fetched (awaited before
  // it is compared).
  const slices = slicesOf(window, deps.sliceDays ?? 31);
  let slice = slices[0];
  let stored = new Map<string, StoredStat>();
  let rollups = new RollupBook(job.companyId, type, job.externalAccountId);
  const markedRunning = putSyncState(job.companyId, {
    ...(state ?? { AgentConnectorId: job.agentConnectorId, ExternalAccountId: job.externalAccountId }),
    Status: 'Running',
  });
  const loadSlice = async () => {
    const [range, into, book] = [slice, stored, rollups];
    await markedRunning;
    for await (const page of readStats(job.companyId, type, job.externalAccountId, range.from, range.to)) {
      for (const s of page) {
        into.set(`${s.Date}#${s.CampaignId}`, s);
        book.seed(s);
      }
    }
    // A run that did not finish, or failed, may have stored stats without their rollups: rewrite the slice's.
    if (state && state.Status !== 'OK') book.markAllDirty();
  };
  let windowLoaded = loadSlice();
  windowLoaded.catch(() => undefined); // awaited below; never an unhandled rejection meanwhile

  const targets = new Map<string, StoredTarget | undefined>();
  const seen = new Map<string, DiscoveredCampaign>();
  const maxAttempts = deps.maxAttempts ?? 4;

  const handleBatch = async (batch: DailyStat[]) => {
    run.RowsRead += batch.length;
    const unknown = [
      ...new Set(batch.filter((s) => !targets.has(s.externalCampaignId)).map((s) => s.externalCampaignId)),
    ];
    if (unknown.length) {
      // New to this run: upserted first (a first sync's campaigns do not exist yet, and the naming
      // rule maps them as they are made), then asked where they roll up.
      const fresh = new Map<string, DiscoveredCampaign>();
      for (const s of batch)
        if (unknown.includes(s.externalCampaignId) && s.externalAccountId === job.externalAccountId)
          noteCampaign(fresh, s);
      await deps.ports.upsertCampaigns(job.companyId, job.agentConnectorId, [...fresh.values()]);
      const found = await deps.ports.lineTargets(
        job.companyId,
        unknown.map((externalCampaignId) => ({
          connectorType: type,
          externalAccountId: job.externalAccountId,
          externalCampaignId,
        })),
      );
      for (const id of unknown) {
        const t = found.get(
          campaignKey({ connectorType: type, externalAccountId: job.externalAccountId, externalCampaignId: id }),
        );
        targets.set(id, t ? { LineId: t.lineId, ActivityId: t.activityId, AccountId: t.accountId } : undefined);
      }
    }
    for (const s of batch) {
      // The client checks rows; a row of another account or outside the slice asked for would be a platform bug: never stored.
      if (s.externalAccountId !== job.externalAccountId || s.date < slice.from || s.date > slice.to) continue;
      const next = storedStatOf(s, targets.get(s.externalCampaignId));
      const key = `${s.date}#${s.externalCampaignId}`;
      const before = stored.get(key);
      noteCampaign(seen, s);
      if (before && sameStat(before, next)) continue;
      rollups.change(before, next);
      pending.set(key, statItem(job.companyId, type, job.externalAccountId, next));
      stored.set(key, next);
    }
    if (pending.size >= writeEvery) await writePending();
  };

  // Changed stats wait here until `writeEvery` of them (the platforms' batches are often small), then
  // go with the rollup days they changed to one BatchWriteItem pool that keeps its calls in flight
  // while the next batches are read and compared (repositories/daily-stats.ts BatchWriter: the last
  // value of a key wins; at most 2 × writeEvery requests queued, so memory stays bounded).
  const writeEvery = deps.writeEvery ?? 1000;
  const pending = new Map<string, Record<string, unknown>>();
  const writer = new BatchWriter<'stat' | 'rollup'>(deps.writeConcurrency ?? 8, 2 * writeEvery);
  // The (line, month) pairs whose rollups were handed to the writer: their month summaries are
  // rewritten once those writes have landed (month-summaries.ts), at each settle.
  const touched = new Map<string, LineMonth>();
  const settle = async () => {
    try {
      await writer.drain();
    } finally {
      run.RowsWritten = writer.written.get('stat') ?? 0;
      run.RollupsWritten = writer.written.get('rollup') ?? 0;
    }
    const lineMonths = [...touched.values()];
    touched.clear();
    await refreshMonthSummaries(job.companyId, type, job.externalAccountId, lineMonths, deps.writeConcurrency ?? 8);
  };
  const writePending = async () => {
    const items = [...pending.values()];
    pending.clear();
    await writer.add(
      items.map((Item) => ({ PutRequest: { Item } })),
      'stat',
    );
    await writer.add(rollups.takeWrites(), 'rollup');
    for (const lm of rollups.takeTouched()) {
      const id = `${lm.lineId}#${lm.month}`;
      const known = touched.get(id);
      touched.set(id, known ? { ...lm, currencies: new Set([...known.currencies, ...lm.currencies]) } : lm);
    }
  };

  let client;
  try {
    client = deps.clientFor(
      type,
      connector.credentials,
      connector.externalAccounts.map((a) => a.externalAccountId),
      { onRetry: noteFailure },
    );
  } catch (err) {
    await windowLoaded;
    return finish(err instanceof PlatformError ? statusOfKind(err.kind) : 'Error', err as Error);
  }
  for (let i = 0; i < slices.length; ) {
    if (slices[i] !== slice) {
      // The next slice: what the last one held is let go.
      slice = slices[i];
      stored = new Map();
      rollups = new RollupBook(job.companyId, type, job.externalAccountId);
      windowLoaded = loadSlice();
      windowLoaded.catch(() => undefined);
    }
    try {
      for await (const batch of client.dailyStats(job.externalAccountId, slice.from, slice.to)) {
        await windowLoaded;
        await handleBatch(batch);
      }
      await windowLoaded;
      await writePending();
      await settle();
      i++;
    } catch (err) {
      // What was read before the failure is whole rows: stored, with their rollups, before deciding.
      await windowLoaded;
      await writePending();
      await settle();
      if (err instanceof PlatformError && err.retryable && run.Attempts < maxAttempts) {
        const wait = retryDelayMs(run.Attempts, err.retryAfterMs, {
          baseMs: deps.baseDelayMs ?? 2000,
          maxMs: deps.maxDelayMs ?? 300_000,
        });
        log.warn('sync retry', {
          companyId: job.companyId,
          agentConnectorId: job.agentConnectorId,
          kind: err.kind,
          attempt: run.Attempts,
          waitMs: wait,
        });
        await noteFailure(err);
        await sleep(wait);
        run.Attempts++;
        continue;
      }
      log.warn('sync failed', {
        companyId: job.companyId,
        agentConnectorId: job.agentConnectorId,
        kind: err instanceof PlatformError ? err.kind : 'internal',
      });
      // What this run wrote before the failure is complete per batch (stats and their rollups); the rest stays as stored.
      await upsertSeen(deps.ports, job, seen);
      const { ruleError } = await remapByRule(deps.ports, job, type);
      return finish(
        err instanceof PlatformError ? statusOfKind(err.kind) : 'Error',
        err instanceof PlatformError
          ? err
          : new Error('The sync stopped on an unexpected error; it will be tried again'),
        ruleError,
      );
    }
  }
  await upsertSeen(deps.ports, job, seen);
  const { ruleError } = await remapByRule(deps.ports, job, type);
  return finish('OK', undefined, ruleError);
}

/** [from, to] cut into consecutive pieces of at most `days` days (the first piece is the window when it is short enough). */
export function slicesOf(window: { from: Day; to: Day }, days: number): { from: Day; to: Day }[] {
  const out: { from: Day; to: Day }[] = [];
  for (let from = window.from; from <= window.to; from = addDaysTo(from, Math.max(1, days))) {
    const to = addDaysTo(from, Math.max(1, days) - 1);
    out.push({ from, to: to < window.to ? to : window.to });
  }
  return out.length > 1 ? out : [window];
}

function noteCampaign(seen: Map<string, DiscoveredCampaign>, s: DailyStat) {
  const c = seen.get(s.externalCampaignId);
  if (!c) {
    seen.set(s.externalCampaignId, {
      connectorType: s.connectorType,
      externalAccountId: s.externalAccountId,
      externalCampaignId: s.externalCampaignId,
      name: s.campaignName,
      ...(s.campaignStatus ? { status: s.campaignStatus } : {}),
      currency: s.currency,
      firstDay: s.date,
      lastDay: s.date,
    });
    return;
  }
  if (s.date < c.firstDay) c.firstDay = s.date;
  if (s.date >= c.lastDay) {
    c.lastDay = s.date;
    c.name = s.campaignName;
    if (s.campaignStatus) c.status = s.campaignStatus;
  }
}

async function upsertSeen(ports: SyncPorts, job: SyncJob, seen: Map<string, DiscoveredCampaign>) {
  if (seen.size) await ports.upsertCampaigns(job.companyId, job.agentConnectorId, [...seen.values()]);
}

/**
 * Once the window's writes are done and the campaigns seen are stored: the naming rule read again over
 * every stored campaign of the account (a changed rule, a renamed campaign), their history moved.
 */
async function remapByRule(
  ports: SyncPorts,
  job: SyncJob,
  connectorType: ConnectorType,
): Promise<{ ruleError?: string }> {
  return (
    (await ports.remapByRule?.(job.companyId, job.agentConnectorId, {
      connectorType,
      externalAccountId: job.externalAccountId,
    })) ?? {}
  );
}
