import { spawnSync } from 'node:child_process';
import path from 'node:path';

const REPO_ROOT = path.resolve(__dirname, '..', '..');

/**
 * `vite build --config web/vite.config.mts` in a child process (Vite's ESM build does not run inside
 * tsx's CommonJS loader). The journeys and the bench need web/dist.
 */
export function buildConsole(): void {
  const t0 = Date.now();
  const vite = path.join(REPO_ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
  const r = spawnSync(process.execPath, [vite, 'build', '--config', 'web/vite.config.mts', '--logLevel', 'warn'], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
  });
  if (r.status !== 0) throw new Error(`vite build failed (exit ${r.status})`);
  console.log(`Console built in ${Date.now() - t0} ms`);
}
