import { GoogleAdsClient } from '../connectors/google-ads-client';
import { onePlatform } from '../sync/platform-clients';
import { jobHandler } from '../kit/job-handler';
import { syncWorkerHandler } from '../sync/worker';
import { SYNC_WORKER_HANDLERS } from './sync-handlers';

/** SQS (the Google Ads sync queue) → lambdas/sync/worker.ts with the Google Ads client. */
const syncGoogleAds = syncWorkerHandler(
  onePlatform(
    'google_ads',
    (credentials, customerIds, { onRetry }) => new GoogleAdsClient({ credentials, customerIds, onRetry }),
  ),
);

export const handler = jobHandler(SYNC_WORKER_HANDLERS.google_ads, syncGoogleAds);
