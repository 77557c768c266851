import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildBundleSet, type SetBundle } from '../../bench/handler-bundles';
import {
  ACTIVITY_SCHEDULE_HANDLER,
  CONFIRM_CONTACT_HANDLER,
  REPORT_SCHEDULES_HANDLER,
  UNSUBSCRIBE_HANDLER,
} from '../../lambdas/jobs/job-handlers';
import { ROUTES, type RouteDef } from '../../lambdas/manifest';
import { STREAM_HANDLERS } from '../../lambdas/streams/stream-handlers';
import { ORDER_ACCEPTANCE_HANDLER } from '../../lambdas/modules/orders/send-link';
import { startBackgroundBuild, stopBackgroundBuild, waitForBuild } from './background-build';

/**
 * The Lambda bundles, built once per jest run and shared by the suites that check them (sizes,
 * what each holds, the shipped bundles answering calls). The unit project's global setup starts one
 * esbuild run of every route, stream and job bundle in the background (`startSharedBundles`, this
 * file run as a script) and names its folder in MIXDESK_SHARED_BUNDLES; `sharedBundles()` waits for
 * it. A suite run on its own (no such folder) builds what it asks for itself.
 *
 *   tsx test/support/bundles.ts <dir>   writes <dir>/<Service>.<Method>.mjs, <dir>/index.json, then <dir>/done
 */
export const BUNDLE_ENTRIES: Pick<RouteDef, 'service' | 'method'>[] = [
  ...ROUTES,
  ...STREAM_HANDLERS,
  ACTIVITY_SCHEDULE_HANDLER,
  REPORT_SCHEDULES_HANDLER,
  UNSUBSCRIBE_HANDLER,
  ORDER_ACCEPTANCE_HANDLER,
  CONFIRM_CONTACT_HANDLER,
];
export const bundleName = (e: Pick<RouteDef, 'service' | 'method'>) => `${e.service}.${e.method}`;

/** The whole set takes ~15 s alone; much longer means the build is stuck. */
const WAIT_MS = 240_000;
const BUNDLES_DIR = 'MIXDESK_SHARED_BUNDLES';

/** jest globalSetup side: starts the build of the set in the background (once per run). */
export const startSharedBundles = () => startBackgroundBuild(BUNDLES_DIR, __filename);

/** jest globalTeardown side: stops a build still running and removes the folder. */
export const stopSharedBundles = () => stopBackgroundBuild(BUNDLES_DIR);

/** The bundles of `entries` (every bundle by default), from the run's shared set when there is one. */
export async function sharedBundles(
  entries: readonly Pick<RouteDef, 'service' | 'method'>[] = BUNDLE_ENTRIES,
): Promise<Record<string, SetBundle>> {
  const dir = process.env[BUNDLES_DIR];
  if (!dir) return buildBundleSet(entries, mkdtempSync(path.join(tmpdir(), 'mixdesk-bundles-')));
  await waitForBuild(dir, 'bundle build', WAIT_MS);
  const all = JSON.parse(readFileSync(path.join(dir, 'index.json'), 'utf8')) as Record<string, SetBundle>;
  const missing = entries.map(bundleName).filter((n) => !all[n]);
  if (missing.length) throw new Error(`Not in the shared bundle set: ${missing.join(', ')}`);
  return Object.fromEntries(entries.map((e) => [bundleName(e), all[bundleName(e)]]));
}

async function main(dir: string): Promise<void> {
  try {
    const bundles = await buildBundleSet(BUNDLE_ENTRIES, dir);
    writeFileSync(path.join(dir, 'index.json'), JSON.stringify(bundles));
    writeFileSync(path.join(dir, 'done'), '');
  } catch (err) {
    writeFileSync(path.join(dir, 'error'), (err as Error).stack ?? String(err));
  }
}

if (require.main === module) void main(process.argv[2]);
