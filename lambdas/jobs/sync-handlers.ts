/**
 * The sync's Lambda handlers, named like routes (service + method → lambdas/jobs/<kebab>.ts
 * by manifest.handlerFile), as job-handlers.ts names the activity schedule's. One worker per
 * platform: each bundles its own client and has its own reserved concurrency.
 */
export const SYNC_DISPATCH_HANDLER = {
  service: 'Jobs',
  method: 'SyncDispatch',
  summary:
    "Hourly: puts one sync message per (agent connector, external account) of each company whose sync hour it is on its platform's queue (or of one company and connector: Sync now)",
} as const;

export const SYNC_WORKER_HANDLERS = {
  google_ads: {
    service: 'Jobs',
    method: 'SyncWorkerGoogleAds',
    summary: 'Syncs one Google Ads account per SQS message into the daily grain and its rollups',
  },
  meta_ads: {
    service: 'Jobs',
    method: 'SyncWorkerMetaAds',
    summary: 'Syncs one Meta ad account per SQS message into the daily grain and its rollups',
  },
  tiktok_ads: {
    service: 'Jobs',
    method: 'SyncWorkerTiktokAds',
    summary: 'Syncs one TikTok advertiser per SQS message into the daily grain and its rollups',
  },
} as const;
