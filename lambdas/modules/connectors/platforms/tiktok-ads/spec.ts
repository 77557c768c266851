import type { PlatformSpec } from '../spec';

/** TikTok Ads: the Business API's integrated report (docs/connectors-meta-tiktok-csv.md). */
export const tiktokAdsSpec = {
  id: 'tiktok_ads',
  label: 'TikTok Ads',
  // TikTok's reports: 365 days, the most conservative reading; 30 days per request with a day dimension.
  limits: { retentionDays: 365, requestDays: 30 },
  worker: {
    method: 'SyncWorkerTiktokAds',
    summary: 'Syncs one TikTok advertiser per SQS message into the daily grain and its rollups',
    concurrency: 3,
  },
  apiUrlEnv: 'TIKTOK_API_URL',
} as const satisfies PlatformSpec;
