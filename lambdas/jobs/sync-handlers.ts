import { PLATFORM_SPECS } from '../modules/connectors/platforms/registry';

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

type Platforms = typeof PLATFORM_SPECS;

/** One worker per platform of the registry: `SyncWorker<Platform>` (lambdas/jobs/sync-worker-<platform>.ts). */
export const SYNC_WORKER_HANDLERS = Object.fromEntries(
  Object.values(PLATFORM_SPECS).map((spec) => [
    spec.id,
    { service: 'Jobs', method: spec.worker.method, summary: spec.worker.summary },
  ]),
) as { [K in keyof Platforms]: { service: 'Jobs'; method: Platforms[K]['worker']['method']; summary: string } };
