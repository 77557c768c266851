import { syncClientFor } from '../modules/connectors/platforms/google-ads/client';
import { onePlatform } from '../modules/connectors/sync/client-factory';
import { syncWorkerHandler } from '../modules/connectors/sync/worker';

/** SQS (its platform's sync queue) → the sync worker with the Google Ads client. */
export const handler = syncWorkerHandler(onePlatform('google_ads', syncClientFor));
