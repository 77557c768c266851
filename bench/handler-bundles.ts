import { execFile, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build, type Metafile } from 'esbuild';
import { LAMBDA_ESBUILD, LAMBDA_NODE_OPTIONS } from '../lib/lambda-bundling';
import { handlerFile, type RouteDef } from '../lambdas/manifest';
import { median } from './stats';

/**
 * Every Lambda bundle (each route's, and the change-stream consumers'), built with the CDK function
 * construct's own esbuild options (lib/lambda-bundling.ts: minified, AWS SDK bundled), then: its
 * size, and its cold init as Lambda counts it (Init Duration: the runtime's start and the handler
 * module's import, not the first invocation): the whole wall time of a fresh Node process that
 * imports the bundle and exits (spawn → handler ready → exit) as a ratio to the whole wall time of a
 * bare `node -e 0`, both with the SAME environment (the local stack's variables and the function's own
 * NODE_OPTIONS, lib/lambda-bundling.ts LAMBDA_NODE_OPTIONS: source maps on, as in the cloud), alternating. The first call is then made in one
 * more process, to check the bundle answers (its status) and to print import → first reply.
 * (Once the bundle side was timed from inside the child, import → first reply, against a
 * bare start made with this machine's full environment, whose NODE_EXTRA_CA_CERTS alone costs
 * ~100 ms: the ratio read far better than it was. bench/sync-cold-init.ts measures the same way.)
 * `bench/bundle-sizes.ts` prints
 * the sizes alone, and what weighs what in a bundle, without a stack.
 */
const ROOT = path.resolve(__dirname, '..');
/** The bundle budget: every handler bundle ≤ 300 kB minified (kB = 1,024 bytes, as the tables print). */
export const BUNDLE_BUDGET_BYTES = 300 * 1024;

/**
 * The routes with a budget of their own, each with its reason (docs/lambda-bundles.md "Exceptions").
 * Keep it short: a route is here only when no split brings it within BUNDLE_BUDGET_BYTES.
 */
export const ROUTE_BUNDLE_BUDGETS: Readonly<Record<string, { bytes: number; reason: string }>> = {
  'AnalyticsService.RunActivityAnalysis': {
    bytes: 420 * 1024,
    reason:
      'AI analytics: the activity performance read (GetActivityPerformance alone is ~292 kB) plus the real Bedrock Runtime client ' +
      '(~75 kB after the event-stream and token-provider stand-ins: its operation schemas, the REST-JSON protocol, the HTTP/2 handler) and the analysis modules; one route, system admins only',
  },
  'ConnectorsService.PreviewNamingRule': {
    bytes: 400 * 1024,
    reason:
      'The preview of an unsaved naming rule evaluates it as the sync does, with RE2 (re2-wasm: ~100 kB of engine glue, and re2.wasm beside the bundle); ' +
      "the sync workers' budget. The only route that bundles RE2 (test/kit/bundle-budget.test.ts)",
  },
};

/** The budget of one bundle: its own (ROUTE_BUNDLE_BUDGETS) or the 300 kB one. */
export const bundleBudgetOf = (name: string): number => ROUTE_BUNDLE_BUDGETS[name]?.bytes ?? BUNDLE_BUDGET_BYTES;
export const COLD_INIT_BUDGET_RATIO = 3;

export interface BundleFigure {
  route: string;
  bytes: number;
  /** Median whole-process wall time, spawn → handler ready → exit (the budgeted figure). */
  coldInitMs: number;
  /** In-process import → first reply of the real call (for comparison). */
  inProcessMs: number;
  ratio: number;
  status: number;
  /** The route lists (lambdas/routes/<file>) the bundle carries: its own service's only. */
  routeLists: string[];
}

export interface ColdCall {
  route: Pick<RouteDef, 'service' | 'method'>;
  event: unknown;
}

/**
 * Wall time of a bare Node start, the yardstick of the cold-init ratio, with the environment the
 * measured processes get (default: PATH only — never this machine's whole environment).
 */
export function bareNodeMs(runs = 7, env: NodeJS.ProcessEnv = { PATH: process.env.PATH ?? '' }): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push(bareNodeOnce(env));
  return median(times);
}

function bareNodeOnce(env: NodeJS.ProcessEnv): number {
  const t0 = performance.now();
  spawnSync(process.execPath, ['-e', '0'], { env });
  return performance.now() - t0;
}

const RUNNER = `
const t0 = performance.now();
const { pathToFileURL } = await import('node:url');
const { handler } = await import(pathToFileURL(process.argv[2]).href);
// Init only (Lambda's Init Duration): the process ends once the handler is ready.
if (process.env.BENCH_MODE === 'init') process.exit(typeof handler === 'function' ? 0 : 3);
const event = JSON.parse(process.env.BENCH_EVENT);
const r = await handler(event, { awsRequestId: 'bench' });
// A route answers an HTTP status; a stream consumer the records it failed (none: 200); a scheduled
// job its report (an object: 200).
const status = r.statusCode ?? (Array.isArray(r.batchItemFailures) ? (r.batchItemFailures.length === 0 ? 200 : 500) : (r && typeof r === 'object' ? 200 : 500));
process.stdout.write(JSON.stringify({ ms: performance.now() - t0, status }));
`;

/** Which services' route lists (and so schemas) a bundle's inputs hold. */
export function routeListsOf(metafile: Metafile): string[] {
  return routeListsOfInputs(Object.keys(metafile.inputs));
}

/** The same, from a list of input files. */
export function routeListsOfInputs(inputs: string[]): string[] {
  return inputs
    .map((p) => /lambdas\/routes\/([\w-]+)\.ts$/.exec(p)?.[1])
    .filter((n): n is string => !!n && n !== 'route')
    .sort();
}

export interface BuiltBundle {
  /** The size of the .mjs the function deploys (its source map, beside it, is not loaded). */
  bytes: number;
  metafile: Metafile;
  /** What the bundle holds, by package (`node_modules/<package>`) or by our own folder (`lambdas/<folder>`). */
  weights: Map<string, number>;
}

/** One Lambda bundle, built as the construct builds it; written to `outfile` when `write`. */
export async function buildBundle(
  entry: Pick<RouteDef, 'service' | 'method'>,
  outfile: string,
  write = true,
): Promise<BuiltBundle> {
  const built = await build({
    ...LAMBDA_ESBUILD,
    entryPoints: [path.join(ROOT, handlerFile(entry))],
    outfile,
    write,
    metafile: true,
    logLevel: 'error',
  });
  const [, output] = Object.entries(built.metafile.outputs).find(([file]) => file.endsWith('.mjs'))!;
  return { bytes: output.bytes, metafile: built.metafile, weights: weightsOf(output.inputs) };
}

/** A bundle of a set built together (`buildBundleSet`): its file, size and the files it holds. */
export interface SetBundle {
  file: string;
  bytes: number;
  /** The source files with code in the bundle (the output's inputs in esbuild's metafile). */
  inputs: string[];
}

/**
 * Many Lambda bundles in ONE esbuild run, written to `outDir` as `<Service>.<Method>.mjs`: each
 * output is byte for byte the bundle `buildBundle` builds for that entry alone (same options, no
 * code splitting), but the shared sources are parsed once and the builds run side by side, which
 * makes ~120 bundles several times faster than one build each.
 */
export async function buildBundleSet(
  entries: readonly Pick<RouteDef, 'service' | 'method'>[],
  outDir: string,
): Promise<Record<string, SetBundle>> {
  const named = entries.map((e) => ({ name: `${e.service}.${e.method}`, file: path.join(ROOT, handlerFile(e)) }));
  const built = await build({
    ...LAMBDA_ESBUILD,
    entryPoints: named.map((e) => ({ in: e.file, out: e.name })),
    outdir: outDir,
    outExtension: { '.js': '.mjs' },
    write: true,
    metafile: true,
    logLevel: 'error',
  });
  const bundles: Record<string, SetBundle> = {};
  for (const [file, output] of Object.entries(built.metafile.outputs)) {
    if (!file.endsWith('.mjs')) continue;
    const name = path.basename(file, '.mjs');
    bundles[name] = { file: path.resolve(ROOT, file), bytes: output.bytes, inputs: Object.keys(output.inputs) };
  }
  return bundles;
}

function weightsOf(inputs: Record<string, { bytesInOutput: number }>): Map<string, number> {
  const weights = new Map<string, number>();
  for (const [file, { bytesInOutput }] of Object.entries(inputs)) {
    const owner = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file)?.[1] ?? file.split('/').slice(0, 2).join('/');
    weights.set(owner, (weights.get(owner) ?? 0) + bytesInOutput);
  }
  return new Map([...weights].sort((a, b) => b[1] - a[1]));
}

/**
 * Each route's cold init is the median of `runs` spawns alternated with bare ones. 7, not 3: with 3,
 * two quiet runs on 2026-11-26 put 1 and 8 different routes over 3× (median 2.41× both times) — a
 * single slow spawn decided a route's figure.
 */
export async function benchBundles(
  outDir: string,
  calls: ColdCall[],
  env: Record<string, string>,
  runs = 7,
  prebuilt: Record<string, SetBundle> = {},
): Promise<{ bareMs: number; figures: BundleFigure[] }> {
  mkdirSync(outDir, { recursive: true });
  const runner = path.join(outDir, 'runner.mjs');
  writeFileSync(runner, RUNNER);
  const bare: number[] = [];
  const figures: BundleFigure[] = [];
  for (const call of calls) {
    const { route } = call;
    const name = `${route.service}.${route.method}`;
    // A bundle already built (a set, `buildBundleSet`) is the same bytes: it is used as it is.
    const ready = prebuilt[name];
    const outfile = ready?.file ?? path.join(outDir, `${name}.mjs`);
    const built = ready
      ? { bytes: ready.bytes, routeLists: routeListsOfInputs(ready.inputs) }
      : await buildBundle(route, outfile).then((b) => ({ bytes: b.bytes, routeLists: routeListsOf(b.metafile) }));
    // The function's own NODE_OPTIONS (source maps on, as lib/constructs/mixdesk-function.ts sets them), on both sides.
    const childEnv = {
      PATH: process.env.PATH ?? '',
      ...env,
      NODE_OPTIONS: LAMBDA_NODE_OPTIONS,
      BENCH_EVENT: JSON.stringify(call.event),
      MIXDESK_LOG_LEVEL: 'silent',
      AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE: '1',
      NODE_NO_WARNINGS: '1',
    };
    const inits: number[] = [];
    for (let i = 0; i < runs; i++) {
      bare.push(bareNodeOnce(childEnv));
      const t0 = performance.now();
      const out = spawnSync(process.execPath, [runner, outfile], {
        env: { ...childEnv, BENCH_MODE: 'init' },
        encoding: 'utf8',
      });
      inits.push(performance.now() - t0);
      if (out.status !== 0) throw new Error(`${name} bundle failed to load: ${out.stderr}`);
    }
    // Asynchronously: the local fakes this call may reach (S3, Secrets Manager, the user pool's admin
    // front) are served by THIS process, which a spawnSync would block.
    const firstCall = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
      execFile(
        process.execPath,
        [runner, outfile],
        { env: childEnv, encoding: 'utf8', timeout: 60_000 },
        (err, stdout, stderr) => {
          if (err && typeof err.code !== 'number') reject(err);
          else resolve({ code: err ? (err.code as number) : 0, stdout, stderr });
        },
      );
    });
    if (firstCall.code !== 0) throw new Error(`${name} bundle failed: ${firstCall.stderr}`);
    const first = JSON.parse(firstCall.stdout) as { ms: number; status: number };
    figures.push({
      route: name,
      bytes: built.bytes,
      coldInitMs: median(inits),
      inProcessMs: first.ms,
      ratio: 0,
      status: first.status,
      routeLists: built.routeLists,
    });
  }
  const bareMs = median(bare);
  for (const f of figures) f.ratio = f.coldInitMs / bareMs;
  return { bareMs, figures };
}
