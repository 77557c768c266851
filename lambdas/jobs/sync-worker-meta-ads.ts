import { syncClientFor } from '../modules/connectors/platforms/meta-ads/client';
import { onePlatform } from '../modules/connectors/sync/client-factory';
import { syncWorkerHandler } from '../modules/connectors/sync/worker';

/** SQS (its platform's sync queue) → the sync worker with the Meta Marketing API client. */
export const handler = syncWorkerHandler(onePlatform('meta_ads', syncClientFor));
