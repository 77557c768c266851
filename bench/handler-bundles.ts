import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { build, type BuildOptions, type Metafile } from 'esbuild';
import { LAMBDA_CREDENTIALS_ALIAS, LAMBDA_NODE_TARGET } from '../lib/lambda-bundling';
import { handlerFile, type RouteDef } from '../lambdas/manifest';
import { median } from './stats';

/**
 * Every Lambda bundle (each route's, and the change-stream consumers'), built the way the CDK function construct builds it (esbuild, minified,
 * AWS SDK bundled), then: its size, and its cold init in a fresh Node process — import to first
 * reply of a real call against DynamoDB Local — as a ratio to a bare `node -e 0` start.
 */
const ROOT = path.resolve(__dirname, '..');
export const BUNDLE_BUDGET_BYTES = 500 * 1024;
export const COLD_INIT_BUDGET_RATIO = 3;

export interface BundleFigure {
  route: string;
  bytes: number;
  coldInitMs: number;
  ratio: number;
  status: number;
  /** The route lists (lambdas/routes/<file>) the bundle carries: its own service's only. */
  routeLists: string[];
}

export interface ColdCall {
  route: Pick<RouteDef, 'service' | 'method'>;
  event: unknown;
}

/** Wall time of a bare Node start, the yardstick of the cold-init ratio. */
export function bareNodeMs(runs = 7): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    spawnSync(process.execPath, ['-e', '0']);
    times.push(performance.now() - t0);
  }
  return median(times);
}

const RUNNER = `
const t0 = performance.now();
const { pathToFileURL } = await import('node:url');
const { handler } = await import(pathToFileURL(process.argv[2]).href);
const event = JSON.parse(process.env.BENCH_EVENT);
const r = await handler(event, { awsRequestId: 'bench' });
// A route answers an HTTP status; a stream consumer the records it failed (none: 200).
const status = r.statusCode ?? (Array.isArray(r.batchItemFailures) && r.batchItemFailures.length === 0 ? 200 : 500);
process.stdout.write(JSON.stringify({ ms: performance.now() - t0, status }));
`;

/** The esbuild options of lib/constructs/mixdesk-function.ts, so the bench measures what ships. */
export const LAMBDA_BUNDLING: BuildOptions = {
  bundle: true, minify: true, platform: 'node', target: LAMBDA_NODE_TARGET, format: 'esm', mainFields: ['module', 'main'],
  // ESM bundles still meet CommonJS dependencies that call require().
  banner: { js: "import { createRequire as __mixdeskCreateRequire } from 'module'; const require = __mixdeskCreateRequire(import.meta.url);" },
  external: [], legalComments: 'none', logLevel: 'error',
  alias: { [LAMBDA_CREDENTIALS_ALIAS.from]: LAMBDA_CREDENTIALS_ALIAS.to },
};

/** Which services' route lists (and so schemas) a bundle's inputs hold. */
export function routeListsOf(metafile: Metafile): string[] {
  return Object.keys(metafile.inputs)
    .map((p) => /lambdas\/routes\/([\w-]+)\.ts$/.exec(p)?.[1])
    .filter((n): n is string => !!n && n !== 'route')
    .sort();
}

export async function benchBundles(outDir: string, calls: ColdCall[], env: Record<string, string>, runs = 3): Promise<{ bareMs: number; figures: BundleFigure[] }> {
  mkdirSync(outDir, { recursive: true });
  const runner = path.join(outDir, 'runner.mjs');
  writeFileSync(runner, RUNNER);
  const bareMs = bareNodeMs();
  const figures: BundleFigure[] = [];
  for (const call of calls) {
    const { route } = call;
    const name = `${route.service}.${route.method}`;
    const outfile = path.join(outDir, `${name}.mjs`);
    const built = await build({ ...LAMBDA_BUNDLING, entryPoints: [path.join(ROOT, handlerFile(route))], outfile, metafile: true });
    const samples: { ms: number; status: number }[] = [];
    for (let i = 0; i < runs; i++) {
      const out = spawnSync(process.execPath, [runner, outfile], {
        env: { PATH: process.env.PATH ?? '', ...env, BENCH_EVENT: JSON.stringify(call.event), MIXDESK_LOG_LEVEL: 'silent', AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE: '1', NODE_NO_WARNINGS: '1' },
        encoding: 'utf8',
      });
      if (out.status !== 0) throw new Error(`${name} bundle failed: ${out.stderr}`);
      samples.push(JSON.parse(out.stdout));
    }
    const coldInitMs = median(samples.map((s) => s.ms));
    figures.push({ route: name, bytes: statSync(outfile).size, coldInitMs, ratio: coldInitMs / bareMs, status: samples[0].status, routeLists: routeListsOf(built.metafile!) });
  }
  return { bareMs, figures };
}
