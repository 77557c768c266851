import { metaAdsClient } from '../connectors/meta-ads-client';
import { onePlatform } from '../sync/platform-clients';
import { jobHandler } from '../kit/job-handler';
import { syncWorkerHandler } from '../sync/worker';
import { SYNC_WORKER_HANDLERS } from './sync-handlers';

/** SQS (the Meta Ads sync queue) → lambdas/sync/worker.ts with the Meta Marketing API client. */
const syncMetaAds = syncWorkerHandler(
  onePlatform('meta_ads', (credentials, accountIds, { onRetry }) =>
    metaAdsClient({ accessToken: credentials.accessToken ?? '', accountIds, retry: { onRetry } }),
  ),
);

export const handler = jobHandler(SYNC_WORKER_HANDLERS.meta_ads, syncMetaAds);
