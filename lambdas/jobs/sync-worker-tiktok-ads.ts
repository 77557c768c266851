import { jobHandler } from '../kit/job-handler';
import { syncClientFor } from '../modules/connectors/platforms/tiktok-ads/client';
import { onePlatform } from '../modules/connectors/sync/client-factory';
import { syncWorkerHandler } from '../modules/connectors/sync/worker';
import { SYNC_WORKER_HANDLERS } from './sync-handlers';

/** SQS (its platform's sync queue) → the sync worker with the TikTok Business API client. */
const syncTiktokAds = syncWorkerHandler(onePlatform('tiktok_ads', syncClientFor));

export const handler = jobHandler(SYNC_WORKER_HANDLERS.tiktok_ads, syncTiktokAds);
