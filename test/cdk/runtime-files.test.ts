import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { DIRNAME_BANNER, LAMBDA_ESBUILD, RUNTIME_FILES } from '../../lib/lambda-bundling';
import { ROUTES } from '../../lambdas/manifest';
import { SYNC_DISPATCH_HANDLER, SYNC_WORKER_HANDLERS } from '../../lambdas/jobs/sync-handlers';

const ROOT = path.resolve(__dirname, '../..');

/**
 * re2-wasm in a Lambda bundle (lib/lambda-bundling.ts RUNTIME_FILES): built exactly as the functions
 * are (ESM, minified) with the __dirname banner and re2.wasm copied beside it, the naming rule runs;
 * without them it cannot. Every route (or sync handler) named there exists.
 */
describe('runtime files of the Lambda bundles', () => {
  it('names routes of the manifest and sync handlers only', () => {
    const names = new Set(
      [...ROUTES, SYNC_DISPATCH_HANDLER, ...Object.values(SYNC_WORKER_HANDLERS)].map((r) => `${r.service}.${r.method}`),
    );
    expect(Object.keys(RUNTIME_FILES).filter((k) => !names.has(k))).toEqual([]);
  });

  it('a bundle using the naming rule runs with the banner and re2.wasm beside it, and fails without', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mixdesk-re2-'));
    try {
      const entry = path.join(ROOT, 'test/cdk/.re2-entry.ts');
      // 'ready' before the engine loads: importing the module does not load RE2 (a worker's cold init
      // does not pay for it); the first rule does, and fails where re2.wasm is missing.
      writeFileSync(
        entry,
        "import { lineIdByRule, ruleEngineFor } from '../../lambdas/modules/connectors/naming-rule';\nconsole.log('ready');\nawait ruleEngineFor('x');\nconsole.log(lineIdByRule('\\\\[L(\\\\d+)\\\\]', 'Summer [L42]'));\n",
      );
      try {
        await build({
          ...LAMBDA_ESBUILD,
          banner: { js: `${LAMBDA_ESBUILD.banner.js} ${DIRNAME_BANNER}` },
          entryPoints: [entry],
          outfile: path.join(dir, 'with/index.mjs'),
          absWorkingDir: ROOT,
        });
        await build({
          ...LAMBDA_ESBUILD,
          entryPoints: [entry],
          outfile: path.join(dir, 'without/index.mjs'),
          absWorkingDir: ROOT,
        });
      } finally {
        rmSync(entry, { force: true });
      }
      for (const f of RUNTIME_FILES['Jobs.SyncWorkerGoogleAds'])
        copyFileSync(path.join(ROOT, f), path.join(dir, 'with', path.basename(f)));
      expect(
        execFileSync(process.execPath, [path.join(dir, 'with/index.mjs')], { cwd: tmpdir(), encoding: 'utf8' }).trim(),
      ).toBe('ready\n42');
      const without = spawnSync(process.execPath, [path.join(dir, 'without/index.mjs')], {
        cwd: tmpdir(),
        encoding: 'utf8',
      });
      expect(without.stdout.trim()).toBe('ready');
      expect(without.status).not.toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
