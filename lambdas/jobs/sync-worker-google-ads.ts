import { GoogleAdsClient } from '../connectors/google-ads-client';
import { onePlatform } from '../sync/platform-clients';
import { syncWorkerHandler } from '../sync/worker';

/** SQS (the Google Ads sync queue) → lambdas/sync/worker.ts with the Google Ads client. */
export const handler = syncWorkerHandler(
  onePlatform(
    'google_ads',
    (credentials, customerIds, { onRetry }) => new GoogleAdsClient({ credentials, customerIds, onRetry }),
  ),
);
