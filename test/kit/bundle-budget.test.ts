import os from 'node:os';
import path from 'node:path';
import { ROUTES, type RouteDef } from '../../lambdas/manifest';
import { ACTIVITY_SCHEDULE_HANDLER } from '../../lambdas/jobs/job-handlers';
import { LINE_AUDIT_HANDLER, PLAN_NOTIFY_HANDLER } from '../../lambdas/streams/stream-handlers';
import { BUNDLE_BUDGET_BYTES, buildBundle } from '../../bench/handler-bundles';

/**
 * Issue 9's budget, kept by `npm test` and not only by `npm run bench`: every Lambda bundle, built
 * as the construct builds it (lib/lambda-bundling.ts), is at most 300 kB minified. Sizes do not
 * depend on the machine, so this is exact. Every bundle is held: the plan store comes in parts
 * (repositories/media-plan-store.ts) and a handler bundles its own route only (routes/route.ts).
 */
const outDir = path.join(os.tmpdir(), 'mixdesk-bundle-budget');
const entries: Pick<RouteDef, 'service' | 'method'>[] = [...ROUTES, LINE_AUDIT_HANDLER, PLAN_NOTIFY_HANDLER, ACTIVITY_SCHEDULE_HANDLER];

it.each(entries.map((e) => [`${e.service}.${e.method}`, e] as const))('%s', async (name, entry) => {
  const { bytes } = await buildBundle(entry, path.join(outDir, `${name}.mjs`), false);
  expect(bytes).toBeGreaterThan(100 * 1024);
  expect(bytes).toBeLessThanOrEqual(BUNDLE_BUDGET_BYTES);
});
