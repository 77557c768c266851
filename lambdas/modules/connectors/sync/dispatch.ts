import { log } from '../../../core/logger';
import type { SyncRun } from '../sync-run-store';
import { syncExternalAccount, type SyncDeps, type SyncJob } from './sync-account';
import type { SyncPorts } from './sync-ports';
import type { SyncSettings } from './sync-window';

/** Where sync work is put: SQS in the cloud (sqs-queue.ts), an in-process queue under `npm start` and in tests. */
export interface SyncQueue {
  send(jobs: SyncJob[]): Promise<void>;
}

/**
 * The dispatcher: one message per (agent connector, external account) of the company — the daily
 * schedule and "Sync now" (one connector) enqueue the same work. Returns the messages sent.
 */
export async function dispatchCompanySync(
  companyId: number,
  ports: Pick<SyncPorts, 'connectorsOf'>,
  queue: SyncQueue,
  only?: { agentConnectorId: number },
): Promise<SyncJob[]> {
  const jobs: SyncJob[] = [];
  for (const c of await ports.connectorsOf(companyId)) {
    if (only && c.agentConnectorId !== only.agentConnectorId) continue;
    if (c.connectorType === 'csv_upload') continue; // imported from files, never synced
    for (const externalAccountId of c.externalAccountIds)
      jobs.push({ companyId, agentConnectorId: c.agentConnectorId, externalAccountId, connectorType: c.connectorType });
  }
  if (jobs.length) await queue.send(jobs);
  return jobs;
}

/** A sync message's body, checked (it crosses a queue). */
export function parseSyncJob(body: string): SyncJob {
  const v = JSON.parse(body) as Partial<SyncJob>;
  if (
    !Number.isSafeInteger(v.companyId) ||
    !Number.isSafeInteger(v.agentConnectorId) ||
    typeof v.externalAccountId !== 'string' ||
    !v.externalAccountId ||
    v.externalAccountId.length > 64
  ) {
    throw new Error('A sync message must name companyId, agentConnectorId and externalAccountId');
  }
  const m = v.moveHistory;
  if (
    m !== undefined &&
    (typeof m !== 'object' ||
      m === null ||
      typeof m.externalCampaignId !== 'string' ||
      !m.externalCampaignId ||
      m.externalCampaignId.length > 64 ||
      !Number.isSafeInteger(m.version))
  ) {
    throw new Error('A history move must name externalCampaignId and version');
  }
  return {
    companyId: v.companyId!,
    agentConnectorId: v.agentConnectorId!,
    externalAccountId: v.externalAccountId,
    ...(typeof v.connectorType === 'string' ? { connectorType: v.connectorType } : {}),
    ...(m ? { moveHistory: { externalCampaignId: m.externalCampaignId, version: m.version } } : {}),
  };
}

/** One queue per platform (each worker's own): a job goes to its connector type's queue. */
export function routedSyncQueue(byType: Partial<Record<string, SyncQueue>>): SyncQueue {
  return {
    async send(jobs) {
      const groups = new Map<string, SyncJob[]>();
      for (const j of jobs) groups.set(j.connectorType ?? '', [...(groups.get(j.connectorType ?? '') ?? []), j]);
      for (const [type, list] of groups) {
        const queue = byType[type];
        if (!queue) throw new Error(`No sync queue for connector type ${type || '(none)'}`);
        await queue.send(list);
      }
    },
  };
}

/**
 * The in-process queue of `npm start` and the tests: the same worker code, run one job at a time
 * (or `concurrency`) as jobs arrive; `idle()` resolves when every job sent so far is done. One
 * account's failure is recorded on its run and never stops the others.
 */
export interface InProcessQueueOptions {
  concurrency?: number;
  onRun?: (run: SyncRun | undefined, job: SyncJob) => void;
  /**
   * Each job's company settings (sync window, time zone), read per job as the cloud worker reads
   * them (worker.ts); without it every job uses `deps.settings`.
   */
  settingsOf?: (companyId: number) => Promise<SyncSettings & { timeZone: string }>;
}

export function inProcessSyncQueue(
  deps: SyncDeps,
  opts: InProcessQueueOptions = {},
): SyncQueue & { idle(): Promise<void> } {
  const pending: SyncJob[] = [];
  let running = 0;
  let waiters: (() => void)[] = [];
  const pump = () => {
    while (running < (opts.concurrency ?? 2) && pending.length) {
      const job = pending.shift()!;
      running++;
      const withSettings = opts.settingsOf
        ? opts.settingsOf(job.companyId).then((settings) => ({ ...deps, settings, companyTimeZone: settings.timeZone }))
        : Promise.resolve(deps);
      withSettings
        .then((jobDeps) => syncExternalAccount(job, jobDeps))
        .then((run) => opts.onRun?.(run, job))
        .catch((err: unknown) =>
          log.error('sync job failed', {
            companyId: job.companyId,
            agentConnectorId: job.agentConnectorId,
            error: (err as Error).message,
          }),
        )
        .finally(() => {
          running--;
          pump();
          if (!running && !pending.length) {
            const w = waiters;
            waiters = [];
            w.forEach((f) => f());
          }
        });
    }
  };
  return {
    async send(jobs) {
      pending.push(...jobs);
      pump();
    },
    idle() {
      if (!running && !pending.length) return Promise.resolve();
      return new Promise((resolve) => waiters.push(resolve));
    },
  };
}
