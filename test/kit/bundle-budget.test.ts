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
//
// NOT YET MET (issue 12): TestAgentConnection carries all three platform clients and the Secrets Manager
// client (310 kB). Listed here so the rest stay held meanwhile; the bench still prints and fails it, and
// this test fails if it comes within the budget without leaving the list. (The four routes that
// evaluated or checked naming rules with re2-wasm, 366-372 kB, are within it since the sync stores each
// campaign's rule reading and a rule's syntax is checked without RE2: docs/connectors.md "Naming rule".)
const NOT_YET = new Set(['ConnectorsService.TestAgentConnection']);
/** Only the sync workers evaluate naming rules: no route carries re2-wasm's engine (~100 kB) nor needs re2.wasm beside it. */
const RE2_PACKAGE = 'node_modules/re2-wasm/';
const outDir = path.join(os.tmpdir(), 'mixdesk-bundle-budget');
const entries: Pick<RouteDef, 'service' | 'method'>[] = [...ROUTES, LINE_AUDIT_HANDLER, PLAN_NOTIFY_HANDLER, ACTIVITY_SCHEDULE_HANDLER];

it.each(entries.map((e) => [`${e.service}.${e.method}`, e] as const))('%s', async (name, entry) => {
  const { bytes, metafile } = await buildBundle(entry, path.join(outDir, `${name}.mjs`), false);
  expect(bytes).toBeGreaterThan(100 * 1024);
  expect(Object.keys(metafile.inputs).filter((f) => f.includes(RE2_PACKAGE))).toEqual([]);
  if (NOT_YET.has(name)) expect(bytes).toBeGreaterThan(BUNDLE_BUDGET_BYTES);
  else expect(bytes).toBeLessThanOrEqual(BUNDLE_BUDGET_BYTES);
});
