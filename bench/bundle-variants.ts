import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { build, type BuildOptions } from 'esbuild';
import { handlerFile, type RouteDef } from '../lambdas/manifest';
import { LAMBDA_ESBUILD, LAMBDA_NODE_OPTIONS } from '../lib/lambda-bundling';
import { bareNodeSample, coldInitOnce, type InitSample, writeRunner } from './handler-bundles';
import { median } from './stats';

/**
 * What a bundling choice buys in cold init, measured rather than argued: a few sample bundles built
 * as shipped and in variants (without one alias of lib/lambda-bundling.ts; with the tracer
 * bundled), every variant of every sample timed in the same run, round-robin with bare `node -e 0`, so machine load falls on all of them alike. Each
 * figure is a median whole-process cold init (spawn → handler ready → exit, as the bundle bench),
 * printed beside the shipped bundle's: `Δ ms` > 0 means the shipped choice is that much faster.
 * The rule (docs/CONVENTIONS.md "Bundles and cold init"): an alias stays only where it buys ≥ 10 ms.
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
  // A real module may need another one whole: the default credential chain's SSO provider needs the
  // real token providers (fromSso), so without its alias that one goes too (compare with the row
  // without the token providers alone).
  const alsoDropped: Record<string, string[]> = {
    '@aws-sdk/credential-provider-node': ['@aws-sdk/token-providers'],
  };
  const without = (key: string): Variant => ({
    name: `no alias: ${[key, ...(alsoDropped[key] ?? [])].map((k) => k.split('/').pop()).join(' + ')}`,
    alias: Object.fromEntries(
      Object.entries(shipped).filter(([k]) => k !== key && !(alsoDropped[key] ?? []).includes(k)),
    ),
  });
  return [
    { name: 'shipped' },
    ...Object.keys(shipped).map(without),
    // Without the define that names the tracer's file beside the bundle, the tracer is bundled.
    { name: 'tracer bundled', define: {} },
  ];
}

async function buildVariant(entry: Entry, variant: Variant, outfile: string): Promise<number> {
  const options: BuildOptions = {
    ...LAMBDA_ESBUILD,
    alias: variant.alias ?? LAMBDA_ESBUILD.alias,
    define: variant.define ?? LAMBDA_ESBUILD.define,
    entryPoints: [path.join(ROOT, handlerFile(entry))],
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
  const childEnv = {
    PATH: process.env.PATH ?? '',
    ...env,
    NODE_OPTIONS: LAMBDA_NODE_OPTIONS,
    MIXDESK_LOG_LEVEL: 'silent',
    AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE: '1',
    NODE_NO_WARNINGS: '1',
  };
  const cases: (VariantFigure & { file: string; env: NodeJS.ProcessEnv; times: InitSample[] })[] = [];
  for (const entry of SAMPLES) {
    const name = `${entry.service}.${entry.method}`;
    for (const [i, variant] of variants().entries()) {
      const file = path.join(outDir, `${name}.v${i}.mjs`);
      const bytes = await buildVariant(entry, variant, file);
      cases.push({
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
      c.times.push(coldInitOnce(runner, c.file, c.env));
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
