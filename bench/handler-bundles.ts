import { execFile, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build, type Metafile } from 'esbuild';
import {
  chunkEsbuild,
  FUNCTION_CHUNKS,
  LAMBDA_ESBUILD,
  LAMBDA_NODE_OPTIONS,
  TRACER_CHUNK,
  type LazyChunk,
} from '../lib/lambda-bundling';
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
/**
 * A function's budget is what its users feel: its cold init, spawn → handler ready, at most
 * COLD_INIT_BUDGET_RATIO times a bare Node start (the goal: COLD_INIT_GOAL_RATIO), timed by `npm run
 * bench` only (ratios within one run; jest never asserts a time). A bundle's size is a guard, held by
 * jest (test/kit/bundle-budget.test.ts): a bundle over it has taken in something by mistake, such as
 * the manifest, another service's code or an SDK's unused half (kB = 1,024 bytes, as the tables print).
 */
export const COLD_INIT_BUDGET_RATIO = 3;
export const COLD_INIT_GOAL_RATIO = 2;
export const BUNDLE_CEILING_BYTES = 450 * 1024;

export interface BundleFigure {
  route: string;
  bytes: number;
  /** Median whole-process wall time, spawn → handler ready → exit (the budgeted figure). */
  coldInitMs: number;
  /** In-process import → first reply of the real call (for comparison). */
  inProcessMs: number;
  ratio: number;
  status: number;
  /** The route lists (`modules/<module>` of a module's routes.ts) the bundle carries: its own module's only. */
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

export function bareNodeOnce(env: NodeJS.ProcessEnv): number {
  const t0 = performance.now();
  spawnSync(process.execPath, ['-e', '0'], { env });
  return performance.now() - t0;
}

const RUNNER = `
const t0 = performance.now();
const { pathToFileURL } = await import('node:url');
const { handler } = await import(pathToFileURL(process.argv[2]).href);
// Init only (Lambda's Init Duration): the process ends once the handler is ready, and what the
// bundle started while it loaded (the tracer's import when tracing is on) has run.
if (process.env.BENCH_MODE === 'init') {
  await new Promise((resolve) => setImmediate(resolve));
  // The process's CPU time so far (µs), which a busy machine inflates far less than wall time.
  const cpu = process.cpuUsage();
  process.stdout.write(String(cpu.user + cpu.system));
  process.exit(typeof handler === 'function' ? 0 : 3);
}
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

/** The same, from a list of input files: `modules/<module>` of each module's routes.ts. */
export function routeListsOfInputs(inputs: string[]): string[] {
  return inputs
    .map((p) => /lambdas\/(modules\/[\w-]+)\/routes\.ts$/.exec(p)?.[1])
    .filter((n): n is string => !!n)
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

/** A chunk's file (lib/lambda-bundling.ts LazyChunk), written into `outDir` as a function has it beside its bundle. */
export async function buildChunk(chunk: LazyChunk, outDir: string, write = true): Promise<string> {
  const built = await build({
    ...chunkEsbuild(chunk),
    outfile: path.join(outDir, chunk.file),
    write,
    logLevel: 'error',
  });
  return built.outputFiles?.find((f) => f.path.endsWith('.mjs'))?.text ?? '';
}

/** The tracer's file, which every function has beside its bundle. */
export const buildTracerChunk = (outDir: string, write = true) => buildChunk(TRACER_CHUNK, outDir, write);

/** Every chunk any function has (the tracer's and FUNCTION_CHUNKS'), written into `outDir`. */
export async function buildAllChunks(outDir: string): Promise<void> {
  const chunks = new Map([TRACER_CHUNK, ...Object.values(FUNCTION_CHUNKS).flat()].map((c) => [c.file, c]));
  await Promise.all([...chunks.values()].map((c) => buildChunk(c, outDir)));
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
  await buildAllChunks(outDir);
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

/** Writes the script that imports a bundle (and makes its first call) in a fresh process; returns its path. */
export function writeRunner(outDir: string): string {
  mkdirSync(outDir, { recursive: true });
  const runner = path.join(outDir, 'runner.mjs');
  writeFileSync(runner, RUNNER);
  return runner;
}

/** A cold init: wall time of the whole process, and its CPU time up to the handler being ready. */
export interface InitSample {
  wallMs: number;
  cpuMs: number;
}

/** One cold init: a fresh process that imports the bundle and exits once its handler is ready. */
export function coldInitOnce(runner: string, bundle: string, env: NodeJS.ProcessEnv): InitSample {
  const t0 = performance.now();
  const out = spawnSync(process.execPath, [runner, bundle], { env: { ...env, BENCH_MODE: 'init' }, encoding: 'utf8' });
  const wallMs = performance.now() - t0;
  if (out.status !== 0) throw new Error(`${bundle} failed to load: ${out.stderr}`);
  return { wallMs, cpuMs: Number(out.stdout) / 1000 };
}

const BARE_CPU = 'const u = process.cpuUsage(); process.stdout.write(String(u.user + u.system))';

/** One bare Node start, as `coldInitOnce` measures a bundle's. */
export function bareNodeSample(env: NodeJS.ProcessEnv): InitSample {
  const t0 = performance.now();
  const out = spawnSync(process.execPath, ['-e', BARE_CPU], { env, encoding: 'utf8' });
  return { wallMs: performance.now() - t0, cpuMs: Number(out.stdout) / 1000 };
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
  const runner = writeRunner(outDir);
  // The files a function has beside its bundle (a first call may load one), beside the ones built here.
  await buildAllChunks(outDir);
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
      // Lambda's task root is the bundle's folder, where its chunks are (lambdas/kit/chunk-file.ts).
      LAMBDA_TASK_ROOT: path.dirname(outfile),
      NODE_OPTIONS: LAMBDA_NODE_OPTIONS,
      BENCH_EVENT: JSON.stringify(call.event),
      MIXDESK_LOG_LEVEL: 'silent',
      AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE: '1',
      NODE_NO_WARNINGS: '1',
    };
    const inits: number[] = [];
    for (let i = 0; i < runs; i++) {
      bare.push(bareNodeOnce(childEnv));
      inits.push(coldInitOnce(runner, outfile, childEnv).wallMs);
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
