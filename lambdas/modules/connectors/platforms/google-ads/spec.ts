import type { PlatformSpec } from '../spec';

/** Google Ads: REST searchStream of the daily campaign query (docs/connectors.md). */
export const googleAdsSpec = {
  id: 'google_ads',
  label: 'Google Ads',
  // Google Ads reports keep 37 months (our reading).
  limits: { retentionDays: 1125 },
  worker: {
    method: 'SyncWorkerGoogleAds',
    summary: 'Syncs one Google Ads account per SQS message into the daily grain and its rollups',
    concurrency: 5,
  },
  apiUrlEnv: 'GOOGLE_ADS_API_URL',
} as const satisfies PlatformSpec;
