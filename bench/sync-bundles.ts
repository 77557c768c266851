import os from 'node:os';
import path from 'node:path';
import { SYNC_DISPATCH_HANDLER, SYNC_WORKER_HANDLERS } from '../lambdas/jobs/sync-handlers';
import { buildBundle } from './handler-bundles';

/**
 * The ceiling of the sync worker's bundle (each platform's) and the dispatcher's, a guard like
 * bench/handler-bundles.ts BUNDLE_CEILING_BYTES: RE2, the full platform clients and the tracer.
 */
export const SYNC_BUNDLE_BUDGET_BYTES = 570 * 1024;

/** Builds the sync handlers as the construct does; their sizes in bytes. */
export async function syncBundleSizes(): Promise<{ name: string; bytes: number }[]> {
  const out = [];
  for (const h of [SYNC_DISPATCH_HANDLER, ...Object.values(SYNC_WORKER_HANDLERS)]) {
    const name = `${h.service}.${h.method}`;
    out.push({
      name,
      bytes: (await buildBundle(h, path.join(os.tmpdir(), 'mixdesk-sync-bundles', `${name}.mjs`), false)).bytes,
    });
  }
  return out;
}
