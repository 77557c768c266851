import { BUNDLE_CEILING_BYTES, type SetBundle } from '../../bench/handler-bundles';
import { BEDROCK_CHUNK, FUNCTION_CHUNKS, RUNTIME_FILES } from '../../lib/lambda-bundling';
import { BUNDLE_ENTRIES, bundleName, sharedBundles } from '../support/bundles';

/**
 * The bundle ceiling, a guard kept by `npm test`: a function's budget is its cold init (`npm run
 * bench`), and a bundle over BUNDLE_CEILING_BYTES has taken in something by mistake. Every bundle,
 * built as the construct builds it (lib/lambda-bundling.ts), is held; sizes do not depend on the
 * machine, so this is exact. The bundles are the run's shared build (test/support/bundles.ts).
 *
 * The sync workers evaluate naming rules, and of the routes only the preview of an unsaved rule does:
 * no other route carries re2-wasm's engine nor needs re2.wasm beside it. The preview has re2.wasm
 * copied beside it (lib/lambda-bundling.ts).
 *
 * No bundle carries the SDK's DynamoDB client, the document client or the Secrets Manager client:
 * every function reaches DynamoDB through aws/dynamodb/client.ts and Secrets Manager through
 * aws/secrets-manager.ts, signed JSON calls (util-dynamodb marshals).
 *
 * No bundle carries the SDK's Bedrock client: the analysis loads it from the file beside its bundle,
 * and a bundle with the analyst has that file (FUNCTION_CHUNKS), else its model would never be asked.
 */
const RE2_PACKAGE = 'node_modules/re2-wasm/';
const REPLACED_SDK =
  /node_modules\/@aws-sdk\/(client-dynamodb|lib-dynamodb|client-secrets-manager|client-bedrock-runtime)\//;
const ANALYST = 'lambdas/modules/ai-analysis/bedrock-analyst.ts';
const RE2_ROUTES: readonly string[] = ['ConnectorsService.PreviewNamingRule'];
let bundles: Record<string, SetBundle>;
beforeAll(async () => {
  bundles = await sharedBundles();
});

it.each(BUNDLE_ENTRIES.map((e) => [bundleName(e)] as const))('%s', (name) => {
  const { bytes, inputs } = bundles[name];
  expect(bytes).toBeGreaterThan(50 * 1024);
  expect(inputs.filter((f) => REPLACED_SDK.test(f))).toEqual([]);
  expect(inputs.some((f) => f.endsWith(ANALYST))).toBe(!!FUNCTION_CHUNKS[name]?.includes(BEDROCK_CHUNK));
  if (RE2_ROUTES.includes(name)) {
    expect(inputs.some((f) => f.includes(RE2_PACKAGE))).toBe(true);
    expect(RUNTIME_FILES[name]).toEqual(['node_modules/re2-wasm/build/wasm/re2.wasm']);
  } else {
    expect(inputs.filter((f) => f.includes(RE2_PACKAGE))).toEqual([]);
    expect(RUNTIME_FILES[name]).toBeUndefined();
  }
  expect(bytes).toBeLessThanOrEqual(BUNDLE_CEILING_BYTES);
});

/**
 * Test connection lists accounts and reads no stats: its platform clients are the accounts.ts part
 * of each platform's folder (lambdas/modules/connectors/platforms/account-listers.ts), not the sync's
 * full clients with their daily grain.
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
