import { ROUTES } from '../../lambdas/manifest';
import { BUNDLE_BUDGET_BYTES, bundleBudgetOf, ROUTE_BUNDLE_BUDGETS, type SetBundle } from '../../bench/handler-bundles';
import { RUNTIME_FILES } from '../../lib/lambda-bundling';
import { BUNDLE_ENTRIES, bundleName, sharedBundles } from '../support/bundles';

/**
 * The bundle budget, kept by `npm test` and not only by `npm run bench`: every Lambda bundle, built
 * as the construct builds it (lib/lambda-bundling.ts), is at most 300 kB minified. Sizes do not
 * depend on the machine, so this is exact. Every bundle is held: the plan store comes in parts
 * (repositories/media-plan-store.ts) and a handler bundles its own route only (routes/route.ts).
 * The bundles are the run's shared build (test/support/bundles.ts), byte for byte each one's own.
 */
/**
 * The sync workers evaluate naming rules, and of the routes only the preview of an unsaved rule does:
 * no other route carries re2-wasm's engine (~100 kB) nor needs re2.wasm beside it. The preview has
 * a budget of its own (bench/handler-bundles.ts) and re2.wasm copied beside it (lib/lambda-bundling.ts).
 */
const RE2_PACKAGE = 'node_modules/re2-wasm/';
const RE2_ROUTES: readonly string[] = ['ConnectorsService.PreviewNamingRule'];
let bundles: Record<string, SetBundle>;
beforeAll(async () => {
  bundles = await sharedBundles();
});

it.each(BUNDLE_ENTRIES.map((e) => [bundleName(e)] as const))('%s', (name) => {
  const { bytes, inputs } = bundles[name];
  expect(bytes).toBeGreaterThan(100 * 1024);
  if (RE2_ROUTES.includes(name)) {
    expect(inputs.some((f) => f.includes(RE2_PACKAGE))).toBe(true);
    expect(RUNTIME_FILES[name]).toEqual(['node_modules/re2-wasm/build/wasm/re2.wasm']);
  } else {
    expect(inputs.filter((f) => f.includes(RE2_PACKAGE))).toEqual([]);
    expect(RUNTIME_FILES[name]).toBeUndefined();
  }
  expect(bytes).toBeLessThanOrEqual(bundleBudgetOf(name));
});

it('a budget of its own names a route of the manifest, with its reason, above the 300 kB one', () => {
  for (const [name, { bytes, reason }] of Object.entries(ROUTE_BUNDLE_BUDGETS)) {
    expect(ROUTES.some((r) => `${r.service}.${r.method}` === name)).toBe(true);
    expect(reason.length).toBeGreaterThan(40);
    expect(bytes).toBeGreaterThan(BUNDLE_BUDGET_BYTES);
  }
});

/**
 * Test connection lists accounts and reads no stats: its platform clients are the accounts.ts part
 * of each platform's folder (lambdas/modules/connectors/platforms/account-listers.ts). The sync's full clients would put it back over the
 * budget (310 kB before the split): this names the cause before the size test does.
 */
it("ConnectorsService.TestAgentConnection bundles the platforms' account listing, not their daily grain", () => {
  const connectors = bundles['ConnectorsService.TestAgentConnection'].inputs
    .map((f) => /lambdas\/modules\/connectors\/platforms\/([\w-]+\/[\w-]+)\.ts$/.exec(f)?.[1])
    .filter((n): n is string => !!n);
  expect(connectors).toEqual(
    expect.arrayContaining(['google-ads/accounts', 'meta-ads/accounts', 'tiktok-ads/accounts']),
  );
  expect(connectors.filter((n) => /\/(client|rows|json-stream)$/.test(n))).toEqual([]);
});
