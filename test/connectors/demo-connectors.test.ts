import { listAccountConnectorsFor } from '../../lambdas/modules/connectors/account-connectors';
import { listAgentConnectorsFor } from '../../lambdas/modules/connectors/connectors-core';
import { saveAccountFor } from '../../lambdas/modules/accounts/accounts';
import { saveAccount } from '../../lambdas/modules/accounts/schemas';
import { seedDemoConnectors } from '../../local/demo-connectors';
import { startFakeGoogleAds, type FakeGoogleAds } from '../../local/fakes/google-ads-server';
import { startFakeMeta, type FakeMeta } from '../../local/fakes/meta-ads-server';
import { startFakeTikTok, type FakeTikTok } from '../../local/fakes/tiktok-ads-server';
import { freePort } from '../../local/ports';
import { makeCompany } from '../support/world';

/** npm start's demo connections (local/demo-connectors.ts) against the three fakes, on DynamoDB Local and the local Secrets Manager. */
let google: FakeGoogleAds;
let meta: FakeMeta;
let tiktok: FakeTikTok;
const saved: Record<string, string | undefined> = {};
const ENV = ['GOOGLE_ADS_API_URL', 'GOOGLE_OAUTH_TOKEN_URL', 'META_GRAPH_API_URL', 'TIKTOK_API_URL'];

beforeAll(async () => {
  for (const k of ENV) saved[k] = process.env[k];
  [google, meta, tiktok] = await Promise.all([
    startFakeGoogleAds({ port: await freePort() }),
    startFakeMeta({ port: await freePort() }),
    startFakeTikTok({ port: await freePort() }),
  ]);
  process.env.GOOGLE_ADS_API_URL = google.apiUrl;
  process.env.GOOGLE_OAUTH_TOKEN_URL = google.tokenUrl;
  process.env.META_GRAPH_API_URL = meta.endpoint;
  process.env.TIKTOK_API_URL = tiktok.endpoint;
});

afterAll(async () => {
  for (const [k, v] of Object.entries(saved))
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  google.server.closeAllConnections();
  await Promise.all([new Promise((r) => google.server.close(r)), meta.stop(), tiktok.stop()]);
});

it('makes one tested connection per platform and one expired, links the demo accounts, and only once', async () => {
  const c = await makeCompany('Demo-like Agency');
  const create = (account: Record<string, unknown>, scope?: number) =>
    saveAccountFor(c.admin, saveAccount.parse({ account }), scope, 'create');
  const hadar = await create({ Name: 'Hadar Insurance', Currency: 2 });
  await create({ Name: 'Hadar Car', ParentId: hadar.ID }, hadar.ID);
  await create({ Name: 'TechNova', Currency: 1 });
  await create({ Name: 'Galil Foods', Currency: 2 });

  expect(await seedDemoConnectors(c.companyId)).toBe(true);
  const agents = (await listAgentConnectorsFor(c.admin)).Items;
  expect(agents.map((a) => [a.Name, a.Status])).toEqual([
    ['Google Ads — Demo Agency', 'OK'],
    ['Google Ads — old sign-in', 'NoAccess'],
    ['Meta Ads — Demo Agency', 'OK'],
    ['TikTok Ads — Demo Agency', 'OK'],
  ]);
  const links = (await listAccountConnectorsFor(c.admin, hadar.ID)).Items;
  expect(links.map((l) => [l.AgentConnectorName, l.NamingRule])).toEqual([
    ['Google Ads — Demo Agency', '\\[L(\\d+)\\]'],
    ['Meta Ads — Demo Agency', '\\[L(\\d+)\\]'],
    ['TikTok Ads — Demo Agency', ''],
  ]);
  expect(await seedDemoConnectors(c.companyId)).toBe(false);
});
