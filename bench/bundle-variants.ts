import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build, type BuildOptions } from 'esbuild';
import { handlerFile, type RouteDef } from '../lambdas/manifest';
import {
  chunkEsbuild,
  FUNCTION_CHUNKS,
  LAMBDA_ESBUILD,
  LAMBDA_NODE_OPTIONS,
  type LazyChunk,
} from '../lib/lambda-bundling';
import { bareNodeSample, coldInitOnce, type InitSample, writeRunner } from './handler-bundles';
import { median } from './stats';

/**
 * What a bundling choice buys in cold init, measured rather than argued: a few sample bundles built
 * as shipped and in variants (without one alias of lib/lambda-bundling.ts; with the tracer
 * bundled), every variant of every sample timed in the same run, round-robin with bare `node -e 0`, so machine load falls on all of them alike. Each
 * figure is a median whole-process cold init (spawn → handler ready → exit, as the bundle bench),
 * printed beside the shipped bundle's: `Δ ms` > 0 means the shipped choice is that much faster.
 * The files beside a bundle that a call loads (FUNCTION_CHUNKS) are built in the same variants and
 * timed the same way, a fresh process importing the file: what the first call that needs it waits.
 * The rule (docs/CONVENTIONS.md "Bundles and cold init"): an alias stays only where it buys ≥ 10 ms,
 * of a cold init or of such a load.
 */
const ROOT = path.resolve(__dirname, '..');

type Entry = Pick<RouteDef, 'service' | 'method'>;

interface Variant {
  name: string;
  /** The esbuild aliases of this variant (default: the shipped ones). */
  alias?: Record<string, string>;
  /** The esbuild defines of this variant (default: the shipped ones). */
  define?: Record<string, string>;
  /** Variables added to the process. */
  env?: Record<string, string>;
}

export interface VariantFigure {
  entry: string;
  variant: string;
  bytes: number;
  /** Medians of the whole-process wall time and of the process's CPU time up to the handler being ready. */
  coldInitMs: number;
  cpuMs: number;
}

const SAMPLES: Entry[] = [
  { service: 'AccountsService', method: 'GetAccountsList' },
  { service: 'MediaMixService', method: 'ApproveMediaMix' },
  { service: 'MediaMixService', method: 'GetMediaMixInfo' },
  { service: 'AnalyticsService', method: 'RunActivityAnalysis' },
  { service: 'Streams', method: 'AuditLineChanges' },
];

function variants(): Variant[] {
  const shipped = LAMBDA_ESBUILD.alias as Record<string, string>;
  const without = (key: string): Variant => ({
    name: `no alias: ${key.split('/').pop()}`,
    alias: Object.fromEntries(Object.entries(shipped).filter(([k]) => k !== key)),
  });
  return [
    { name: 'shipped' },
    ...Object.keys(shipped).map(without),
    // Without the define that names the tracer's file beside the bundle, the tracer is bundled.
    { name: 'tracer bundled', define: {} },
  ];
}

/** A chunk loaded as a call loads it: a fresh process imports the file and exits (its CPU time in µs). */
const CHUNK_RUNNER = `
const { pathToFileURL } = await import('node:url');
await import(pathToFileURL(process.argv[2]).href);
const cpu = process.cpuUsage();
process.stdout.write(String(cpu.user + cpu.system));
`;

function chunkLoadOnce(runner: string, file: string, env: NodeJS.ProcessEnv): InitSample {
  const t0 = performance.now();
  const out = spawnSync(process.execPath, [runner, file], { env, encoding: 'utf8' });
  const wallMs = performance.now() - t0;
  if (out.status !== 0) throw new Error(`${file} failed to load: ${out.stderr}`);
  return { wallMs, cpuMs: Number(out.stdout) / 1000 };
}

/** A sample built in a variant: a handler's bundle, or a chunk beside one (its entry named by its file). */
type Sample = { entry: Entry; chunk?: undefined } | { entry?: undefined; chunk: LazyChunk };

const sampleName = (s: Sample) =>
  s.chunk ? `${s.chunk.file} (a call loads it)` : `${s.entry.service}.${s.entry.method}`;

async function buildVariant(sample: Sample, variant: Variant, outfile: string): Promise<number> {
  const options: BuildOptions = {
    ...LAMBDA_ESBUILD,
    alias: variant.alias ?? LAMBDA_ESBUILD.alias,
    define: variant.define ?? LAMBDA_ESBUILD.define,
    entryPoints: sample.chunk ? chunkEsbuild(sample.chunk).entryPoints : [path.join(ROOT, handlerFile(sample.entry))],
    outfile,
    write: true,
    metafile: true,
    logLevel: 'error',
  };
  const built = await build(options);
  return Object.entries(built.metafile!.outputs).find(([f]) => f.endsWith('.mjs'))![1].bytes;
}

/** Builds every (sample, variant), then times them round-robin, `runs` rounds. */
export async function benchVariants(
  outDir: string,
  env: Record<string, string>,
  runs = 15,
): Promise<{ bare: { wallMs: number; cpuMs: number }; figures: VariantFigure[] }> {
  mkdirSync(outDir, { recursive: true });
  const runner = writeRunner(outDir);
  const chunkRunner = path.join(outDir, 'chunk-runner.mjs');
  writeFileSync(chunkRunner, CHUNK_RUNNER);
  const childEnv = {
    PATH: process.env.PATH ?? '',
    ...env,
    NODE_OPTIONS: LAMBDA_NODE_OPTIONS,
    MIXDESK_LOG_LEVEL: 'silent',
    AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE: '1',
    NODE_NO_WARNINGS: '1',
  };
  const cases: (VariantFigure & { file: string; chunk: boolean; env: NodeJS.ProcessEnv; times: InitSample[] })[] = [];
  const chunks = [
    ...new Map(
      Object.values(FUNCTION_CHUNKS)
        .flat()
        .map((c) => [c.file, c]),
    ).values(),
  ];
  const samples: Sample[] = [...SAMPLES.map((entry) => ({ entry })), ...chunks.map((chunk) => ({ chunk }))];
  for (const sample of samples) {
    const name = sampleName(sample);
    // The tracer's define names a file only a handler loads: not a variant of a chunk.
    const own = sample.chunk ? variants().filter((v) => v.name !== 'tracer bundled') : variants();
    for (const [i, variant] of own.entries()) {
      const file = path.join(outDir, `${name.split(' ')[0]}.v${i}.mjs`);
      const bytes = await buildVariant(sample, variant, file);
      cases.push({
        chunk: !!sample.chunk,
        entry: name,
        variant: variant.name,
        bytes,
        coldInitMs: 0,
        cpuMs: 0,
        file,
        env: { ...childEnv, ...variant.env },
        times: [],
      });
    }
  }
  const bare: InitSample[] = [];
  for (let round = 0; round < runs; round++) {
    for (const [i, c] of cases.entries()) {
      // The yardstick, every fourth bundle: the same spread of machine load, at a quarter of the cost.
      if (i % 4 === 0) bare.push(bareNodeSample(childEnv));
      c.times.push(c.chunk ? chunkLoadOnce(chunkRunner, c.file, c.env) : coldInitOnce(runner, c.file, c.env));
    }
  }
  const medians = (samples: InitSample[]) => ({
    wallMs: median(samples.map((t) => t.wallMs)),
    cpuMs: median(samples.map((t) => t.cpuMs)),
  });
  return {
    bare: medians(bare),
    figures: cases.map(({ entry, variant, bytes, times }) => {
      const { wallMs, cpuMs } = medians(times);
      return { entry, variant, bytes, coldInitMs: wallMs, cpuMs };
    }),
  };
}
