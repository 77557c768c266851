import { syncClientFor } from '../modules/connectors/platforms/tiktok-ads/client';
import { onePlatform } from '../modules/connectors/sync/client-factory';
import { syncWorkerHandler } from '../modules/connectors/sync/worker';

/** SQS (its platform's sync queue) → the sync worker with the TikTok Business API client. */
export const handler = syncWorkerHandler(onePlatform('tiktok_ads', syncClientFor));
