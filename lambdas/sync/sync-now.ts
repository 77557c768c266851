import { dynamoSyncPorts } from '../domain/connector-sync-ports';
import { dispatchCompanySync, routedSyncQueue, type SyncQueue } from './dispatch';
import type { SyncJob } from './sync-account';
import { sqsSyncQueue } from './sqs-queue';

/**
 * Where "Sync now" puts its work when no SQS queues are configured: `npm start` registers its
 * in-process queue here (local/sync-runner.ts), the tests may register theirs.
 */
export const syncNowHooks: { local?: SyncQueue } = {};

/**
 * "Sync now" of one agent connector (issue 12 §3): the same messages as the daily dispatcher, one
 * per external account, on the platform's queue — SQS in the cloud (SYNC_QUEUE_URLS, as the
 * dispatcher has it: the route's function needs that variable and sqs:SendMessage on the queues,
 * lib/constructs/connector-sync.ts `syncQueueArn`/`syncQueueUrl`), the in-process queue locally.
 * Returns the jobs queued (the runs record how they end).
 */
export async function requestSyncNow(companyId: number, agentConnectorId: number): Promise<SyncJob[]> {
  const urls = process.env.SYNC_QUEUE_URLS ? (JSON.parse(process.env.SYNC_QUEUE_URLS) as Record<string, string>) : undefined;
  const queue = urls
    ? routedSyncQueue(Object.fromEntries(Object.entries(urls).map(([type, url]): [string, SyncQueue] => [type, sqsSyncQueue(url)])))
    : syncNowHooks.local;
  if (!queue) throw new Error('No sync queue: set SYNC_QUEUE_URLS (cloud) or start the local sync (npm start)');
  return dispatchCompanySync(companyId, dynamoSyncPorts, queue, { agentConnectorId });
}
