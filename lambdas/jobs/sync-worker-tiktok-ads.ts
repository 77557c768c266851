import { tiktokAdsClient } from '../connectors/tiktok-ads-client';
import { onePlatform } from '../sync/platform-clients';
import { jobHandler } from '../kit/job-handler';
import { syncWorkerHandler } from '../sync/worker';
import { SYNC_WORKER_HANDLERS } from './sync-handlers';

/** SQS (the TikTok Ads sync queue) → lambdas/sync/worker.ts with the TikTok Business API client. */
const syncTiktokAds = syncWorkerHandler(
  onePlatform('tiktok_ads', (credentials, advertiserIds, { onRetry }) =>
    tiktokAdsClient({
      accessToken: credentials.accessToken ?? '',
      advertiserIds,
      appId: credentials.clientId,
      secret: credentials.clientSecret,
      retry: { onRetry },
    }),
  ),
);

export const handler = jobHandler(SYNC_WORKER_HANDLERS.tiktok_ads, syncTiktokAds);
