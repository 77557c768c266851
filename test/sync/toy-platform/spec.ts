import type { PlatformSpec } from '../../../lambdas/modules/connectors/platforms/spec';
import type { PlatformId } from '../../../lambdas/shared/connector-platforms';

/** A platform that exists only in this test: what a new platform's spec.ts is. */
export const toyAdsSpec: PlatformSpec = {
  id: 'toy_ads' as PlatformId,
  label: 'Toy Ads',
  limits: { retentionDays: 10, requestDays: 7 },
  worker: { method: 'SyncWorkerToyAds', summary: 'Syncs one Toy Ads account per SQS message', concurrency: 1 },
  apiUrlEnv: 'TOY_ADS_API_URL',
};
