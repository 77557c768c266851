import os from 'node:os';
import path from 'node:path';
import { startFakeBedrock } from '../../local/fakes/bedrock-server';
import { buildHttpEvent } from '../../local/http-event';
import { ROUTES } from '../../lambdas/manifest';
import { benchBundles } from '../../bench/handler-bundles';
import { ROUTE_FIXTURES } from '../support/route-fixtures';
import { sharedBundles } from '../support/bundles';
import { makeCompany, useTestTable } from '../support/world';

/**
 * The analysis route's bundle as deployed (lib/lambda-bundling.ts: the Bedrock client with the
 * event-stream and token-provider stand-ins) builds its client and asks the model: a fresh Node
 * process against DynamoDB Local and the fake Converse, as a cold Lambda would. A stand-in that broke
 * the client would answer 500 (construction) or the deterministic fallback without a call reaching
 * the fake.
 */
useTestTable();

it('the RunActivityAnalysis bundle asks the model through the stand-ins and answers', async () => {
  const fake = await startFakeBedrock({ accessKeyIds: ['local'] });
  try {
    const world = await makeCompany('Analysis bundle Agency');
    const route = ROUTES.find((r) => r.service === 'AnalyticsService' && r.method === 'RunActivityAnalysis')!;
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
      BEDROCK_ENDPOINT: fake.endpoint,
      BEDROCK_MODEL_ID: 'test.bundle-analyst-v1',
    };
    const { figures } = await benchBundles(
      path.join(os.tmpdir(), 'mixdesk-analysis-bundle'),
      [{ route, event }],
      env,
      1,
      await sharedBundles([route]),
    );
    expect(figures.map((f) => [f.route, f.status])).toEqual([['AnalyticsService.RunActivityAnalysis', 200]]);
    const calls = fake.calls();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ modelId: 'test.bundle-analyst-v1', answered: 'grounded', httpVersion: '2.0' });
  } finally {
    await fake.stop();
  }
});
