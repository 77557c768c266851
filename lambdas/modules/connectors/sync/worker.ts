import { dynamoSyncPorts } from '../connector-sync-ports';
import { log } from '../../../core/logger';
import { parseSyncJob } from './dispatch';
import type { ClientFactory } from './client-factory';
import type { SyncPorts } from './sync-ports';
import { syncExternalAccount } from './sync-account';
import { companySyncSettings } from './sync-settings';

export interface SqsEvent {
  Records: { messageId: string; body: string }[];
}

/**
 * The worker: SQS → one external account synced per message (batch size 1 in the cloud; more are
 * handled one by one). One worker function per platform (lambdas/jobs/sync-worker-<platform>.ts),
 * each bundling its own client only and with its own reserved concurrency (the platforms' quotas
 * differ). A platform failure is recorded on its account and the message succeeds (the next daily
 * run tries again); an unexpected error fails the message: SQS retries it, then moves it to the
 * dead-letter queue (alarmed). Each message is synced with its company's sync settings as saved
 * (RestatementDays, BackfillDays, TimeZone).
 */
export function syncWorkerHandler(clientFor: ClientFactory, ports: SyncPorts = dynamoSyncPorts) {
  return async (event: SqsEvent): Promise<{ batchItemFailures: { itemIdentifier: string }[] }> => {
    const failures: { itemIdentifier: string }[] = [];
    for (const record of event.Records) {
      try {
        const job = parseSyncJob(record.body);
        const settings = await companySyncSettings(job.companyId);
        const run = await syncExternalAccount(job, {
          ports,
          clientFor,
          settings,
          companyTimeZone: settings.timeZone,
        });
        log.info('sync run', {
          companyId: job.companyId,
          agentConnectorId: job.agentConnectorId,
          status: run?.Status ?? 'skipped',
          rowsRead: run?.RowsRead,
          rowsWritten: run?.RowsWritten,
        });
      } catch (err) {
        log.error('sync message failed', { messageId: record.messageId, error: (err as Error).message });
        failures.push({ itemIdentifier: record.messageId });
      }
    }
    return { batchItemFailures: failures };
  };
}
