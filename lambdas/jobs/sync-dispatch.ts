import { syncConnectorsOf } from '../modules/connectors/connector-sync-ports';
import { jobHandler } from '../kit/job-handler';
import { log } from '../core/logger';
import { listCompanyIds } from '../modules/tenancy/company-store.dynamodb';
import { dispatchCompanySync, routedSyncQueue, type SyncQueue } from '../modules/connectors/sync/dispatch';
import { companySyncSettings, isSyncHour } from '../modules/connectors/sync/sync-settings';
import { sqsSyncQueue } from '../modules/connectors/sync/sqs-queue';
import { SYNC_DISPATCH_HANDLER } from './sync-handlers';

/**
 * EventBridge Scheduler, hourly: every company whose SyncHour (in its TimeZone) is this hour gets
 * one SQS message per (agent connector, external account), on its platform's queue. An event naming `companyId` (and
 * optionally `agentConnectorId`) dispatches that one at once: "Sync now".
 */
const dispatchSync = async (
  event: { companyId?: number; agentConnectorId?: number } = {},
): Promise<{ companies: number; messages: number }> => {
  // {"google_ads": "<queue url>", …}: one queue per platform worker (lib/constructs/connector-sync.ts).
  const urls = JSON.parse(process.env.SYNC_QUEUE_URLS ?? '{}') as Record<string, string>;
  const queue = routedSyncQueue(
    Object.fromEntries(Object.entries(urls).map(([type, url]): [string, SyncQueue] => [type, sqsSyncQueue(url)])),
  );
  const now = Date.now();
  const ids = Number.isSafeInteger(event.companyId) ? [event.companyId!] : await listCompanyIds();
  let companies = 0;
  let messages = 0;
  for (const companyId of ids) {
    if (event.companyId === undefined && !isSyncHour(await companySyncSettings(companyId), now)) continue;
    const only = Number.isSafeInteger(event.agentConnectorId)
      ? { agentConnectorId: event.agentConnectorId! }
      : undefined;
    const jobs = await dispatchCompanySync(companyId, { connectorsOf: syncConnectorsOf }, queue, only);
    companies++;
    messages += jobs.length;
  }
  log.info('sync dispatch', { companies, messages });
  return { companies, messages };
};

export const handler = jobHandler(SYNC_DISPATCH_HANDLER, dispatchSync);
