import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startFakeBedrock } from '../../local/fakes/bedrock-server';
import { buildHttpEvent } from '../../local/http-event';
import { ROUTES } from '../../lambdas/manifest';
import { benchBundles, type SetBundle } from '../../bench/handler-bundles';
import { BEDROCK_CHUNK } from '../../lib/lambda-bundling';
import { ROUTE_FIXTURES } from '../support/route-fixtures';
import { sharedBundles } from '../support/bundles';
import { makeCompany, useTestTable } from '../support/world';

/**
 * The analysis route's bundle as deployed (lib/lambda-bundling.ts: the Bedrock client in a file
 * beside the bundle, with the event-stream and token-provider stand-ins) loads its client and asks
 * the model: a fresh Node process against DynamoDB Local and the fake Converse, as a cold Lambda
 * would. A stand-in that broke the client, or a client file that did not load, would answer the
 * deterministic fallback without a call reaching the fake. Without the file, the call still answers
 * (the rules' own analysis, with the reason: test/ai/bedrock-analyst.test.ts).
 */
useTestTable();

const route = ROUTES.find((r) => r.service === 'AnalyticsService' && r.method === 'RunActivityAnalysis')!;

async function firstCall(fakeEndpoint: string, prebuilt: Record<string, SetBundle>) {
  const world = await makeCompany('Analysis bundle Agency');
  const fixture = await ROUTE_FIXTURES['AnalyticsService.RunActivityAnalysis'](world);
  const event = buildHttpEvent({
    path: '/AnalyticsService/RunActivityAnalysis',
    headers: { 'content-type': 'application/json', 'x-account-id': String(fixture.accountId) },
    body: JSON.stringify(fixture.body),
    claims: { sub: fixture.allowed.sub, token_use: 'access' },
  });
  const env = {
    TABLE_NAME: process.env.TABLE_NAME!,
    DYNAMODB_ENDPOINT: process.env.DYNAMODB_ENDPOINT!,
    AWS_REGION: 'local',
    BEDROCK_ENDPOINT: fakeEndpoint,
    BEDROCK_MODEL_ID: 'test.bundle-analyst-v1',
  };
  return benchBundles(path.join(os.tmpdir(), 'mixdesk-analysis-bundle'), [{ route, event }], env, 1, prebuilt);
}

it('the RunActivityAnalysis bundle loads the Bedrock client beside it, asks the model and answers', async () => {
  const fake = await startFakeBedrock({ accessKeyIds: ['local'] });
  try {
    const prebuilt = await sharedBundles([route]);
    // The client is not in the bundle: a cold start that asks no model never parses it.
    const { file } = prebuilt['AnalyticsService.RunActivityAnalysis'];
    expect(readFileSync(file, 'utf8').includes('bedrock-runtime')).toBe(false);
    expect(existsSync(path.join(path.dirname(file), BEDROCK_CHUNK.file))).toBe(true);
    const { figures } = await firstCall(fake.endpoint, prebuilt);
    expect(figures.map((f) => [f.route, f.status])).toEqual([['AnalyticsService.RunActivityAnalysis', 200]]);
    const calls = fake.calls();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ modelId: 'test.bundle-analyst-v1', answered: 'grounded', httpVersion: '2.0' });
  } finally {
    await fake.stop();
  }
});

it('without the client file beside it, the bundle still answers, without asking the model', async () => {
  const fake = await startFakeBedrock({ accessKeyIds: ['local'] });
  const alone = mkdtempSync(path.join(os.tmpdir(), 'mixdesk-analysis-alone-'));
  try {
    const shared = (await sharedBundles([route]))['AnalyticsService.RunActivityAnalysis'];
    const file = path.join(alone, path.basename(shared.file));
    copyFileSync(shared.file, file);
    const { figures } = await firstCall(fake.endpoint, { 'AnalyticsService.RunActivityAnalysis': { ...shared, file } });
    expect(figures.map((f) => f.status)).toEqual([200]);
    expect(fake.calls()).toHaveLength(0);
  } finally {
    rmSync(alone, { recursive: true, force: true });
    await fake.stop();
  }
});
