import path from 'node:path';
import { OutputFormat, SourceMapMode, type BundlingOptions } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { BuildOptions } from 'esbuild';
import { REPO_ROOT } from './paths';

/**
 * Packages swapped at bundle time for a few lines of our own: code of the AWS SDK that a Lambda can
 * never run, yet a bundler cannot leave out. An alias stays only while `npm run bench -- --variants`
 * shows it buys at least 10 ms of a cold init, or of the load of a file beside a bundle that a call
 * waits for (docs/CONVENTIONS.md "Bundles and cold init"), with a test that fails on an SDK upgrade
 * that breaks it. None does today (docs/lambda-bundles.md "SDK parts swapped at bundle time"). The
 * SDK itself stays bundled, at the version package-lock pins (docs/lambda-bundles.md says why).
 */
const LAMBDA_ALIASES: Record<string, string> = {};

/**
 * The NODE_OPTIONS every function runs with (lib/constructs/mixdesk-function.ts): stack traces in
 * the logs through the bundle's source map. The bundle bench (bench/handler-bundles.ts) starts its
 * processes, bare Node's included, with the same, so the cold init it times is what Lambda runs.
 */
export const LAMBDA_NODE_OPTIONS = '--enable-source-maps';

/**
 * A file of its own beside a bundle, built from `source` with the bundle's own options into `file`,
 * which the bundle imports from the task root the first time a call needs it: code that a cold init
 * would otherwise parse for calls that may never use it. The bundle names the file through `define`
 * (lambdas/kit/chunk-file.ts), which also leaves the source out of the bundle.
 */
export interface LazyChunk {
  readonly source: string;
  readonly file: string;
  readonly define: string;
}

/** Powertools' tracer with the X-Ray SDK, ~120 kB, loaded by the first traced call of every function (lambdas/kit/tracing.ts). */
export const TRACER_CHUNK = {
  source: 'lambdas/kit/tracer-chunk.ts',
  file: 'tracer.mjs',
  define: 'process.env.MIXDESK_TRACER_CHUNK',
} as const satisfies LazyChunk;

/** The SDK's Bedrock client, ~280 kB, loaded by the analysis's first call that asks a model (modules/ai-analysis/bedrock-analyst.ts). */
export const BEDROCK_CHUNK = {
  source: 'lambdas/modules/ai-analysis/bedrock-sdk.ts',
  file: 'bedrock-sdk.mjs',
  define: 'process.env.MIXDESK_BEDROCK_CHUNK',
} as const satisfies LazyChunk;

/** The chunks beside a function's bundle besides the tracer's, by `<Service>.<Method>` (test/kit/bundle-budget.test.ts holds that no other bundle imports one). */
export const FUNCTION_CHUNKS: Readonly<Record<string, readonly LazyChunk[]>> = {
  'AnalyticsService.RunActivityAnalysis': [BEDROCK_CHUNK],
};

/** The Node.js the functions run on (Runtime.NODEJS_24_X). */
const LAMBDA_NODE_TARGET = 'node24';

/**
 * The esbuild options of every Lambda bundle, in one object: the function construct
 * (lib/constructs/mixdesk-function.ts, through `nodejsBundling`) and the bundle bench
 * (bench/handler-bundles.ts) both build from it, so the bench measures byte for byte what ships
 * (test/cdk/lambda-bundling.test.ts compares the two).
 */
export const LAMBDA_ESBUILD = {
  bundle: true,
  platform: 'node',
  minify: true,
  target: LAMBDA_NODE_TARGET,
  // ESM so handlers may use top-level await and ESM-only packages bundle as written;
  // `module` first picks the packages' ES builds, which tree-shake.
  format: 'esm',
  mainFields: ['module', 'main'],
  // Bundled CommonJS dependencies still call require(), which ESM lacks.
  banner: {
    js: "import { createRequire as __mixdeskCreateRequire } from 'node:module'; const require = __mixdeskCreateRequire(import.meta.url);",
  },
  // Stack traces map to file:line without shipping the whole source text in every zip.
  sourcemap: 'external',
  sourcesContent: false,
  // The AWS SDK v3 is bundled too: its version is pinned by package-lock, not by the Lambda runtime.
  external: [],
  // Licence comments are for redistributed code; a function's zip is not (esbuild would append them).
  legalComments: 'none',
  alias: LAMBDA_ALIASES,
  define: {
    [TRACER_CHUNK.define]: JSON.stringify(TRACER_CHUNK.file),
    [BEDROCK_CHUNK.define]: JSON.stringify(BEDROCK_CHUNK.file),
  },
} as const satisfies BuildOptions;

/** The esbuild options of a chunk's file: the bundles' own. */
export const chunkEsbuild = (chunk: LazyChunk) =>
  ({ ...LAMBDA_ESBUILD, entryPoints: [path.join(REPO_ROOT, chunk.source)] }) as const satisfies BuildOptions;

/**
 * The command line that builds a chunk's file into `outputDir` with LAMBDA_ESBUILD's options
 * (NodejsFunction runs it after the bundle; test/cdk/lambda-bundling.test.ts compares the file with
 * the one the bench builds from the options object).
 */
function chunkCommand(chunk: LazyChunk, inputDir: string, outputDir: string): string {
  const o = LAMBDA_ESBUILD;
  const args = [
    path.join(inputDir, chunk.source),
    '--bundle',
    `--platform=${o.platform}`,
    `--format=${o.format}`,
    '--minify',
    `--target=${o.target}`,
    `--main-fields=${o.mainFields.join(',')}`,
    `--banner:js=${o.banner.js}`,
    '--sourcemap=external',
    '--sources-content=false',
    `--legal-comments=${o.legalComments}`,
    ...Object.entries(o.alias).map(
      ([from, to]) => `--alias:${from}=${path.join(inputDir, path.relative(REPO_ROOT, to))}`,
    ),
    `--outfile=${path.join(outputDir, chunk.file)}`,
  ];
  return [path.join(inputDir, 'node_modules/.bin/esbuild'), ...args].map((a) => `"${a}"`).join(' ');
}

/**
 * Files a bundle reads beside itself at run time: re2-wasm (the account connectors' naming rules,
 * lambdas/modules/connectors/naming-rule.ts) is emscripten output that loads `re2.wasm` from `__dirname`, which
 * an ESM bundle lacks; the bundles of these routes and job handlers get `__dirname` (the bundle's folder) in their
 * banner and the file copied next to them (test/cdk/runtime-files.test.ts runs such a bundle).
 */
const RE2_WASM = 'node_modules/re2-wasm/build/wasm/re2.wasm';
export const RUNTIME_FILES: Readonly<Record<string, readonly string[]>> = {
  // Only the sync workers evaluate naming rules (modules/connectors/campaign-rule-mappings.ts, through
  // modules/connectors/connector-sync-ports.ts; lambdas/jobs/sync-handlers.ts): without these their bundles fail at
  // import (bench/sync-cold-init.ts runs them). The other routes read the stored readings and check a
  // rule's syntax without RE2, and the dispatcher takes the connector list alone (test/kit/bundle-budget.test.ts
  // holds that no other route bundles re2-wasm).
  'Jobs.SyncWorkerGoogleAds': [RE2_WASM],
  'Jobs.SyncWorkerMetaAds': [RE2_WASM],
  'Jobs.SyncWorkerTiktokAds': [RE2_WASM],
  // The one route that evaluates a rule: the preview of an unsaved one (modules/connectors/naming-rule-preview.ts).
  'ConnectorsService.PreviewNamingRule': [RE2_WASM],
};
export const DIRNAME_BANNER =
  "import { fileURLToPath as __mixdeskFileURLToPath } from 'node:url'; const __dirname = __mixdeskFileURLToPath(new URL('.', import.meta.url));";

/**
 * LAMBDA_ESBUILD in the shape NodejsFunction takes (it runs the same esbuild, from its CLI); `files`
 * are copied beside the bundle, and the tracer's and `chunks`' files built beside it.
 */
export function nodejsBundling(files: readonly string[] = [], chunks: readonly LazyChunk[] = []): BundlingOptions {
  const o = LAMBDA_ESBUILD;
  return {
    commandHooks: {
      beforeBundling: () => [],
      beforeInstall: () => [],
      afterBundling: (inputDir: string, outputDir: string) => [
        ...[TRACER_CHUNK, ...chunks].map((c) => chunkCommand(c, inputDir, outputDir)),
        ...files.map((f) => `cp "${path.join(inputDir, f)}" "${outputDir}/"`),
      ],
    },
    minify: o.minify,
    target: o.target,
    format: OutputFormat.ESM,
    mainFields: [...o.mainFields],
    banner: files.length ? `${o.banner.js} ${DIRNAME_BANNER}` : o.banner.js,
    sourceMap: true,
    sourceMapMode: SourceMapMode.EXTERNAL,
    sourcesContent: o.sourcesContent,
    externalModules: [...o.external],
    define: o.define,
    esbuildArgs: {
      '--legal-comments': o.legalComments,
      // NodejsFunction writes each entry as --alias:<from>=<to>.
      '--alias': Object.entries(o.alias).map(([from, to]) => `${from}=${to}`),
    },
  };
}
