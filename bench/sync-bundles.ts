import os from 'node:os';
import path from 'node:path';
import { SYNC_DISPATCH_HANDLER, SYNC_WORKER_HANDLERS } from '../lambdas/jobs/sync-handlers';
import { buildBundle } from './handler-bundles';

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
