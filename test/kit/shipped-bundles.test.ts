import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildHttpEvent } from '../../local/http-event';
import { ROUTES } from '../../lambdas/manifest';
import { benchBundles, type ColdCall } from '../../bench/handler-bundles';
import { ROUTE_FIXTURES } from '../support/route-fixtures';
import { sharedBundles } from '../support/bundles';
import { makeCompany, useTestTable } from '../support/world';

/**
 * The bundles as deployed (lib/lambda-bundling.ts: the SDK bundled, parts of it swapped for stand-ins
 * at bundle time) answer real calls against DynamoDB Local, each in a fresh Node process as a cold
 * Lambda would: a read, a write through a transaction, and the same write replayed (stale: 409).
 * `npm run bench` does this for every bundle; here for one service's, so `npm test` catches a
 * stand-in that breaks the client.
 */
useTestTable();
const route = (method: string) => ROUTES.find((r) => r.method === method)!;

it('a read, a transactional write and its refused replay answer from the bundles', async () => {
  const world = await makeCompany('Bundle Agency');
  const call = async (method: string): Promise<ColdCall> => {
    const r = route(method);
    const fixture = await ROUTE_FIXTURES[`${r.service}.${r.method}`](world);
    return {
      route: r,
      event: buildHttpEvent({
        path: `/${r.service}/${r.method}`,
        headers: {
          'content-type': 'application/json',
          ...(fixture.accountId ? { 'x-account-id': String(fixture.accountId) } : {}),
        },
        body: JSON.stringify(fixture.body),
        claims: { sub: fixture.allowed.sub, token_use: 'access' },
      }),
    };
  };
  const save = await call('SaveConfigurations');
  // The save sent again carries the version the first one replaced: refused as stale.
  const calls = [await call('GetConfigurations'), save, save];
  const env = {
    TABLE_NAME: process.env.TABLE_NAME!,
    DYNAMODB_ENDPOINT: process.env.DYNAMODB_ENDPOINT!,
    AWS_REGION: 'local',
  };
  const built = await sharedBundles([route('GetConfigurations'), route('SaveConfigurations')]);
  const { figures } = await benchBundles(
    mkdtempSync(path.join(os.tmpdir(), 'mixdesk-shipped-bundles-')),
    calls,
    env,
    1,
    built,
  );
  expect(figures.map((f) => [f.route, f.status])).toEqual([
    ['ConfigurationsService.GetConfigurations', 200],
    ['ConfigurationsService.SaveConfigurations', 200],
    ['ConfigurationsService.SaveConfigurations', 409],
  ]);
});
