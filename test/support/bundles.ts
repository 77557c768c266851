import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildBundleSet, type SetBundle } from '../../bench/handler-bundles';
import { ACTIVITY_SCHEDULE_HANDLER, REPORT_SCHEDULES_HANDLER, UNSUBSCRIBE_HANDLER } from '../../lambdas/jobs/job-handlers';
import { ROUTES, type RouteDef } from '../../lambdas/manifest';
import { LINE_AUDIT_HANDLER, PLAN_NOTIFY_HANDLER } from '../../lambdas/streams/stream-handlers';

/**
 * The Lambda bundles, built once per jest run and shared by the suites that check them (sizes,
 * what each holds, the shipped bundles answering calls). The unit project's global setup starts one
 * esbuild run of every route, stream and job bundle in the background (`startSharedBundles`, this
 * file run as a script) and names its folder in MIXDESK_TEST_BUNDLES; `sharedBundles()` waits for
 * it. A suite run on its own (no such folder) builds what it asks for itself.
 *
 *   tsx test/support/bundles.ts <dir>   writes <dir>/<Service>.<Method>.mjs, <dir>/index.json, then <dir>/done
 */
export const BUNDLE_ENTRIES: Pick<RouteDef, 'service' | 'method'>[] = [
  ...ROUTES, LINE_AUDIT_HANDLER, PLAN_NOTIFY_HANDLER, ACTIVITY_SCHEDULE_HANDLER, REPORT_SCHEDULES_HANDLER, UNSUBSCRIBE_HANDLER,
];
export const bundleName = (e: Pick<RouteDef, 'service' | 'method'>) => `${e.service}.${e.method}`;

/** The whole set takes ~15 s alone; much longer means the build is stuck. */
const WAIT_MS = 240_000;
const ROOT = path.resolve(__dirname, '../..');
const TSX = path.join(ROOT, 'node_modules/tsx/dist/cli.mjs');

declare global {
  var __MIXDESK_BUNDLES__: { child: ChildProcess; dir: string } | undefined;
}

/** jest globalSetup side: starts the build of the set in the background (once per run). */
export function startSharedBundles(): void {
  if (process.env.MIXDESK_TEST_BUNDLES) return;
  const dir = mkdtempSync(path.join(tmpdir(), 'mixdesk-test-bundles-'));
  const child = spawn(process.execPath, [TSX, __filename, dir], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  process.env.MIXDESK_TEST_BUNDLES = dir;
  globalThis.__MIXDESK_BUNDLES__ = { child, dir };
}

/** jest globalTeardown side: stops a build still running and removes the folder. */
export function stopSharedBundles(): void {
  const shared = globalThis.__MIXDESK_BUNDLES__;
  if (!shared) return;
  globalThis.__MIXDESK_BUNDLES__ = undefined;
  if (shared.child.exitCode === null) shared.child.kill('SIGKILL');
  rmSync(shared.dir, { recursive: true, force: true });
}

/** The bundles of `entries` (every bundle by default), from the run's shared set when there is one. */
export async function sharedBundles(entries: readonly Pick<RouteDef, 'service' | 'method'>[] = BUNDLE_ENTRIES): Promise<Record<string, SetBundle>> {
  const dir = process.env.MIXDESK_TEST_BUNDLES;
  if (!dir) return buildBundleSet(entries, mkdtempSync(path.join(tmpdir(), 'mixdesk-bundles-')));
  const until = Date.now() + WAIT_MS;
  while (!existsSync(path.join(dir, 'done'))) {
    if (existsSync(path.join(dir, 'error'))) throw new Error(`The shared bundle build failed:\n${readFileSync(path.join(dir, 'error'), 'utf8')}`);
    if (Date.now() > until) throw new Error(`The shared bundle build in ${dir} did not finish within ${WAIT_MS / 1000} s`);
    await sleep(200);
  }
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
