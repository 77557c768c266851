import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SYNC_DISPATCH_HANDLER, SYNC_WORKER_HANDLERS } from '../lambdas/jobs/sync-handlers';
import { build } from 'esbuild';
import { DIRNAME_BANNER, LAMBDA_ESBUILD, RUNTIME_FILES } from '../lib/lambda-bundling';
import { handlerFile } from '../lambdas/manifest';
import { median } from './stats';

/**
 * The sync's cold-init budget: the cold init of the sync's Lambda handlers (the dispatcher and each
 * platform's worker) ≤ 3× a bare Node start. Each bundle is built as the function construct builds
 * it (LAMBDA_ESBUILD; a handler named in RUNTIME_FILES gets the `__dirname` banner and its files
 * copied beside it, as lib/constructs/mixdesk-function.ts does) in a folder of its own, and started
 * in fresh Node processes, alternating with bare `node -e ''` starts in the same run; medians of
 * `runs` (≥ 5) of each.
 *
 * The budgeted figure is Lambda's Init Duration: the WHOLE process's wall time, spawn → handler
 * ready → exit, of a Node that imports the bundle, vs the whole wall time of `node -e ''` with the
 * same environment (so Node's own start is on both sides). The first call (an invocation, not init)
 * is made in a second process of each round, checked, and its times printed. The child also reports, from its own clock,
 * the import alone ("handler ready") and import → first reply, which is what the route bundles'
 * cold-init row measures (bench/handler-bundles.ts) — printed for comparison.
 * First calls that touch the table but need no platform, queue or secret:
 * - dispatcher: "Sync now" of a company without connectors (reads its agent connectors and links: 0 messages);
 * - worker: one SQS message for an agent connector that does not exist (reads the company's sync
 *   settings and the connector: the message is dropped, no failure).
 */
export const SYNC_COLD_INIT_BUDGET_RATIO = 3;
const ROOT = path.resolve(__dirname, '..');

export interface SyncColdInit {
  name: string;
  /** Median wall time of the whole init-only process (spawn → handler ready → exit), ms. */
  processMs: number;
  /** Median in-process import of the bundle (handler ready), ms. */
  importMs: number;
  /** Median in-process import + first reply, ms. */
  firstReplyMs: number;
  /** processMs / bare Node's. */
  ratio: number;
}

const RUNNER = `
const t0 = performance.now();
const { pathToFileURL } = await import('node:url');
const { handler } = await import(pathToFileURL(process.argv[2]).href);
// Init only (Lambda's Init Duration): the process ends once the handler is ready.
if (process.env.BENCH_MODE === 'init') process.exit(typeof handler === 'function' ? 0 : 3);
const ready = performance.now();
const reply = await handler(JSON.parse(process.env.BENCH_EVENT), { awsRequestId: 'bench' });
process.stdout.write(JSON.stringify({ importMs: ready - t0, firstReplyMs: performance.now() - t0, reply }));
`;

/** What each first call must answer (a wrong answer is a broken bundle, not a figure). */
const expected = (name: string, reply: unknown) =>
  name === `${SYNC_DISPATCH_HANDLER.service}.${SYNC_DISPATCH_HANDLER.method}`
    ? JSON.stringify(reply) === JSON.stringify({ companies: 1, messages: 0 })
    : JSON.stringify(reply) === JSON.stringify({ batchItemFailures: [] });

const wall = (args: string[], env: NodeJS.ProcessEnv) => {
  const t0 = performance.now();
  const out = spawnSync(process.execPath, args, { env, encoding: 'utf8' });
  return { ms: performance.now() - t0, out };
};

/**
 * Builds the sync handlers and measures their cold init; `env` points them at the table
 * (TABLE_NAME, DYNAMODB_ENDPOINT, AWS_REGION). Returns the bare Node figure and one per handler.
 */
export async function syncColdInits(
  env: Record<string, string>,
  companyId: number,
  runs = 7,
): Promise<{ bareMs: number; figures: SyncColdInit[] }> {
  const outDir = path.join(os.tmpdir(), 'mixdesk-sync-cold-init');
  mkdirSync(outDir, { recursive: true });
  const runner = path.join(outDir, 'runner.mjs');
  writeFileSync(runner, RUNNER);
  const childEnv = {
    PATH: process.env.PATH ?? '',
    ...env,
    SYNC_QUEUE_URLS: '{}',
    MIXDESK_LOG_LEVEL: 'silent',
    AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE: '1',
    NODE_NO_WARNINGS: '1',
  };
  const handlers = [SYNC_DISPATCH_HANDLER, ...Object.values(SYNC_WORKER_HANDLERS)];
  const bundles = [];
  for (const h of handlers) {
    const name = `${h.service}.${h.method}`;
    const outfile = path.join(outDir, name, 'index.mjs');
    const files = RUNTIME_FILES[name] ?? [];
    await build({
      ...LAMBDA_ESBUILD,
      entryPoints: [path.join(ROOT, handlerFile(h))],
      outfile,
      logLevel: 'error',
      ...(files.length ? { banner: { js: `${LAMBDA_ESBUILD.banner.js} ${DIRNAME_BANNER}` } } : {}),
    });
    for (const f of files) copyFileSync(path.join(ROOT, f), path.join(outDir, name, path.basename(f)));
    const event =
      h === SYNC_DISPATCH_HANDLER
        ? { companyId }
        : {
            Records: [
              {
                messageId: 'bench-1',
                body: JSON.stringify({ companyId, agentConnectorId: 999_999, externalAccountId: '5550001' }),
              },
            ],
          };
    bundles.push({ name, outfile, event });
  }
  const bare: number[] = [];
  const samples = new Map(bundles.map((b) => [b.name, [] as { ms: number; importMs: number; firstReplyMs: number }[]]));
  // Rounds alternate bare Node and every bundle, so a busy moment of the machine weighs on both sides.
  for (let round = 0; round < runs; round++) {
    bare.push(wall(['-e', ''], { PATH: childEnv.PATH }).ms);
    for (const b of bundles) {
      const init = wall([runner, b.outfile], { ...childEnv, BENCH_MODE: 'init', BENCH_EVENT: JSON.stringify(b.event) });
      if (init.out.status !== 0) throw new Error(`${b.name} bundle failed to load: ${init.out.stderr}`);
      const ms = init.ms;
      const { out } = wall([runner, b.outfile], { ...childEnv, BENCH_EVENT: JSON.stringify(b.event) });
      if (out.status !== 0) throw new Error(`${b.name} bundle failed: ${out.stderr}`);
      const r = JSON.parse(out.stdout) as { importMs: number; firstReplyMs: number; reply: unknown };
      if (!expected(b.name, r.reply)) throw new Error(`${b.name} first reply was ${JSON.stringify(r.reply)}`);
      samples.get(b.name)!.push({ ms, importMs: r.importMs, firstReplyMs: r.firstReplyMs });
    }
  }
  const bareMs = median(bare);
  const figures = bundles.map(({ name }) => {
    const s = samples.get(name)!;
    const processMs = median(s.map((x) => x.ms));
    return {
      name,
      processMs,
      importMs: median(s.map((x) => x.importMs)),
      firstReplyMs: median(s.map((x) => x.firstReplyMs)),
      ratio: processMs / bareMs,
    };
  });
  return { bareMs, figures };
}
