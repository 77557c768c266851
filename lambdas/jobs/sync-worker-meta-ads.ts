import { jobHandler } from '../kit/job-handler';
import { syncClientFor } from '../modules/connectors/platforms/meta-ads/client';
import { onePlatform } from '../modules/connectors/sync/client-factory';
import { syncWorkerHandler } from '../modules/connectors/sync/worker';
import { SYNC_WORKER_HANDLERS } from './sync-handlers';

/** SQS (its platform's sync queue) → the sync worker with the Meta Marketing API client. */
const syncMetaAds = syncWorkerHandler(onePlatform('meta_ads', syncClientFor));

export const handler = jobHandler(SYNC_WORKER_HANDLERS.meta_ads, syncMetaAds);
