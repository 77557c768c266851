import { metaAdsClient } from '../connectors/meta-ads-client';
import { onePlatform } from '../sync/platform-clients';
import { syncWorkerHandler } from '../sync/worker';

/** SQS (the Meta Ads sync queue) → lambdas/sync/worker.ts with the Meta Marketing API client. */
export const handler = syncWorkerHandler(
  onePlatform('meta_ads', (credentials, accountIds, { onRetry }) =>
    metaAdsClient({ accessToken: credentials.accessToken ?? '', accountIds, retry: { onRetry } }),
  ),
);
