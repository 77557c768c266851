import { tiktokAdsClient } from '../connectors/tiktok-ads-client';
import { onePlatform } from '../sync/platform-clients';
import { syncWorkerHandler } from '../sync/worker';

/** SQS (the TikTok Ads sync queue) → lambdas/sync/worker.ts with the TikTok Business API client. */
export const handler = syncWorkerHandler(
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
