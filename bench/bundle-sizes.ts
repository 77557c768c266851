import os from 'node:os';
import path from 'node:path';
import { ROUTES, type RouteDef } from '../lambdas/manifest';
import { ACTIVITY_SCHEDULE_HANDLER } from '../lambdas/jobs/job-handlers';
import { SYNC_DISPATCH_HANDLER, SYNC_WORKER_HANDLERS } from '../lambdas/jobs/sync-handlers';
import { STREAM_HANDLERS } from '../lambdas/streams/stream-handlers';
import { BUNDLE_CEILING_BYTES, buildBundle } from './handler-bundles';
import { fmt } from './stats';

/**
 * The bundle part of the bench without a stack: every Lambda bundle built as the construct builds
 * it, its minified size against the ceiling, and what weighs most in it (packages and our own
 * folders, from esbuild's metafile). For finding what to cut:
 *
 *   npx tsx bench/bundle-sizes.ts                  # every bundle, smallest first, and the heaviest parts of the largest
 *   npx tsx bench/bundle-sizes.ts ExportMediaMix   # the parts of the bundles whose method or service matches
 *
 * Exits non-zero when a bundle is over its ceiling. `npm run bench` measures the same bundles' cold init too.
 */
const kB = (bytes: number) => fmt(bytes / 1024);

async function main() {
  const only = process.argv[2];
  const outDir = path.join(os.tmpdir(), 'mixdesk-bundle-sizes');
  const entries: Pick<RouteDef, 'service' | 'method'>[] = [
    ...ROUTES,
    ...STREAM_HANDLERS,
    ACTIVITY_SCHEDULE_HANDLER,
    SYNC_DISPATCH_HANDLER,
    ...Object.values(SYNC_WORKER_HANDLERS),
  ];
  // One guard for every bundle: routes, jobs, the sync's dispatcher and workers, stream consumers.
  const budgetOf = (_name: string) => BUNDLE_CEILING_BYTES;
  const built = [];
  for (const entry of entries) {
    const name = `${entry.service}.${entry.method}`;
    built.push({ name, ...(await buildBundle(entry, path.join(outDir, `${name}.mjs`), false)) });
  }
  built.sort((a, b) => a.bytes - b.bytes);
  const over = built.filter((b) => b.bytes > budgetOf(b.name));
  for (const b of built) console.log(kB(b.bytes).padStart(8), ' ', b.name, b.bytes > budgetOf(b.name) ? '  OVER' : '');
  console.log(
    `\n${built.length} bundles, ${kB(built[0].bytes)}–${kB(built[built.length - 1].bytes)} kB; ceiling ${kB(BUNDLE_CEILING_BYTES)} kB: ${over.length ? `${over.length} over (${over.map((b) => b.name).join(', ')})` : 'all within'}`,
  );

  const shown = only ? built.filter((b) => b.name.includes(only)) : [built[built.length - 1]];
  for (const b of shown) {
    console.log(`\n${b.name}, ${kB(b.bytes)} kB:`);
    for (const [owner, bytes] of [...b.weights].slice(0, 25)) console.log(kB(bytes).padStart(8), ' ', owner);
  }
  process.exit(over.length ? 1 : 0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
