import type { PlatformSpec } from '../spec';

/** Meta Ads: the Marketing API's campaign insights (docs/connectors-meta-tiktok-csv.md). */
export const metaAdsSpec = {
  id: 'meta_ads',
  label: 'Meta Ads',
  // Meta's insights keep 37 months.
  limits: { retentionDays: 1125 },
  worker: {
    method: 'SyncWorkerMetaAds',
    summary: 'Syncs one Meta ad account per SQS message into the daily grain and its rollups',
    concurrency: 3,
  },
  apiUrlEnv: 'META_GRAPH_API_URL',
} as const satisfies PlatformSpec;
