import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Work done once per jest run, beside the first suites rather than before them: a global setup
 * starts a script (run with tsx) in a child process that writes into a folder of its own, named in
 * an environment variable that the workers inherit; the script writes `done` when it has finished
 * or `error` with the reason. The suites that need its output wait for one of the two. Used for the
 * CDK app's one synth (test/cdk/synth-once.ts) and the one build of every Lambda bundle
 * (test/support/bundles.ts).
 */
const ROOT = path.resolve(__dirname, '../..');
const TSX = path.join(ROOT, 'node_modules/tsx/dist/cli.mjs');

declare global {
  var __MIXDESK_BACKGROUND_BUILDS__: Map<string, { child: ChildProcess; dir: string }> | undefined;
}
const builds = () => (globalThis.__MIXDESK_BACKGROUND_BUILDS__ ??= new Map());

/** Starts `script <dir>` once per run (a second call for the same variable does nothing). */
export function startBackgroundBuild(envVar: string, script: string, env: Record<string, string> = {}): void {
  if (process.env[envVar]) return;
  const dir = mkdtempSync(path.join(tmpdir(), 'mixdesk-build-'));
  const child = spawn(process.execPath, [TSX, script, dir], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  process.env[envVar] = dir;
  builds().set(envVar, { child, dir });
}

/** Stops the build if it still runs and removes its folder (jest's global teardown). */
export function stopBackgroundBuild(envVar: string): void {
  const build = builds().get(envVar);
  if (!build) return;
  builds().delete(envVar);
  if (build.child.exitCode === null) build.child.kill('SIGKILL');
  rmSync(build.dir, { recursive: true, force: true });
}

/** Whether the build in `dir` has finished: true when done, throws with its reason when it failed. */
function finished(dir: string, what: string, until: number, timeoutMs: number): boolean {
  if (existsSync(path.join(dir, 'done'))) return true;
  if (existsSync(path.join(dir, 'error')))
    throw new Error(`The shared ${what} failed:\n${readFileSync(path.join(dir, 'error'), 'utf8')}`);
  if (Date.now() > until) throw new Error(`The shared ${what} in ${dir} did not finish within ${timeoutMs / 1000} s`);
  return false;
}

/** Waits for the build in `dir`, without blocking the event loop. */
export async function waitForBuild(dir: string, what: string, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!finished(dir, what, until, timeoutMs)) await sleep(200);
}

/** Waits for the build in `dir`, blocking (for code that must answer synchronously, as CDK's template reads). */
export function waitForBuildSync(dir: string, what: string, timeoutMs: number): void {
  const until = Date.now() + timeoutMs;
  const pause = new Int32Array(new SharedArrayBuffer(4));
  while (!finished(dir, what, until, timeoutMs)) Atomics.wait(pause, 0, 0, 100);
}
