import os from 'node:os';
import path from 'node:path';
import { ROUTES, type RouteDef } from '../../lambdas/manifest';
import { ACTIVITY_SCHEDULE_HANDLER, REPORT_SCHEDULES_HANDLER, UNSUBSCRIBE_HANDLER } from '../../lambdas/jobs/job-handlers';
import { LINE_AUDIT_HANDLER, PLAN_NOTIFY_HANDLER } from '../../lambdas/streams/stream-handlers';
import { BUNDLE_BUDGET_BYTES, buildBundle, bundleBudgetOf, ROUTE_BUNDLE_BUDGETS } from '../../bench/handler-bundles';

/**
 * Issue 9's budget, kept by `npm test` and not only by `npm run bench`: every Lambda bundle, built
 * as the construct builds it (lib/lambda-bundling.ts), is at most 300 kB minified. Sizes do not
 * depend on the machine, so this is exact. Every bundle is held: the plan store comes in parts
 * (repositories/media-plan-store.ts) and a handler bundles its own route only (routes/route.ts).
 */
/** Only the sync workers evaluate naming rules: no route carries re2-wasm's engine (~100 kB) nor needs re2.wasm beside it. */
const RE2_PACKAGE = 'node_modules/re2-wasm/';
const outDir = path.join(os.tmpdir(), 'mixdesk-bundle-budget');
const entries: Pick<RouteDef, 'service' | 'method'>[] = [...ROUTES, LINE_AUDIT_HANDLER, PLAN_NOTIFY_HANDLER, ACTIVITY_SCHEDULE_HANDLER, REPORT_SCHEDULES_HANDLER, UNSUBSCRIBE_HANDLER];

it.each(entries.map((e) => [`${e.service}.${e.method}`, e] as const))('%s', async (name, entry) => {
  const { bytes, metafile } = await buildBundle(entry, path.join(outDir, `${name}.mjs`), false);
  expect(bytes).toBeGreaterThan(100 * 1024);
  expect(Object.keys(metafile.inputs).filter((f) => f.includes(RE2_PACKAGE))).toEqual([]);
  expect(bytes).toBeLessThanOrEqual(bundleBudgetOf(name));
});

it('a budget of its own names a route of the manifest, with its reason, above issue 9\'s', () => {
  for (const [name, { bytes, reason }] of Object.entries(ROUTE_BUNDLE_BUDGETS)) {
    expect(ROUTES.some((r) => `${r.service}.${r.method}` === name)).toBe(true);
    expect(reason.length).toBeGreaterThan(40);
    expect(bytes).toBeGreaterThan(BUNDLE_BUDGET_BYTES);
  }
});

/**
 * Test connection lists accounts and reads no stats: its platform clients are the <platform>-accounts.ts
 * parts (lambdas/connectors/platform-clients.ts). The sync's full clients would put it back over the
 * budget (310 kB before the split): this names the cause before the size test does.
 */
it('ConnectorsService.TestAgentConnection bundles the platforms\' account listing, not their daily grain', async () => {
  const { metafile } = await buildBundle({ service: 'ConnectorsService', method: 'TestAgentConnection' }, path.join(outDir, 'TestAgentConnection-parts.mjs'), false);
  const connectors = Object.keys(metafile.inputs).map((f) => /lambdas\/connectors\/([\w-]+)\.ts$/.exec(f)?.[1]).filter((n): n is string => !!n);
  expect(connectors).toEqual(expect.arrayContaining(['google-ads-accounts', 'meta-ads-accounts', 'tiktok-ads-accounts']));
  expect(connectors.filter((n) => /-client$|google-ads-rows|json-stream/.test(n))).toEqual([]);
});
