import { listAgentConnectors, listExternalLinks } from '../connector-store.dynamodb';
import { routedSyncQueue, type SyncQueue } from './dispatch';
import type { SyncJob } from './sync-account';
import { sqsSyncQueue } from './sqs-queue';

/**
 * Where "Sync now" puts its work when no SQS queues are configured: `npm start` registers its
 * in-process queue here (local/sync-runner.ts), the tests may register theirs.
 */
export const syncNowHooks: { local?: SyncQueue } = {};

/**
 * The queue "Sync now" sends to: each platform's SQS queue in the cloud (SYNC_QUEUE_URLS = {type: url},
 * as the dispatcher has it; the route functions that send get that variable and sqs:SendMessage on
 * those queues only, lib/constructs/sync-queue-senders.ts), else the in-process queue of `npm start`.
 */
export function syncNowQueue(): SyncQueue {
  const urls = process.env.SYNC_QUEUE_URLS
    ? (JSON.parse(process.env.SYNC_QUEUE_URLS) as Record<string, string>)
    : undefined;
  const queue = urls
    ? routedSyncQueue(
        Object.fromEntries(Object.entries(urls).map(([type, url]): [string, SyncQueue] => [type, sqsSyncQueue(url)])),
      )
    : syncNowHooks.local;
  if (!queue) throw new Error('No sync queue: set SYNC_QUEUE_URLS (cloud) or start the local sync (npm start)');
  return queue;
}

/** The jobs of one agent connector: one per external account an account connector links (an unlinked ad account reports to no account). */
export async function syncJobsOf(companyId: number, agentConnectorId: number): Promise<SyncJob[]> {
  const [agents, links] = await Promise.all([listAgentConnectors(companyId), listExternalLinks(companyId)]);
  const agent = agents.find((a) => a.ID === agentConnectorId && !a.Archived);
  if (!agent || agent.ConnectorType === 'csv_upload') return []; // a CSV upload is imported from files, never synced
  return links
    .filter((l) => l.AgentConnectorId === agentConnectorId)
    .map((l) => ({
      companyId,
      agentConnectorId,
      externalAccountId: l.ExternalAccountId,
      connectorType: agent.ConnectorType,
    }));
}
