import { upsertDiscoveredCampaign } from '../../lambdas/modules/connectors/campaign-store.dynamodb';
import { GOOGLE_ADS_DEMO, startFakeGoogleAds, type FakeGoogleAds } from '../../local/fakes/google-ads-server';
import { freePort } from '../../local/ports';
import { expectOk } from '../media-plans/helpers';
import { seedApproved } from '../support/media-plans';
import { invoke, makeCompany, tableSnapshot, type Company } from '../support/world';

/**
 * ConnectorsService.PreviewNamingRule: an unsaved naming rule evaluated (RE2, as the sync does) over
 * the stored campaigns of the ad accounts the link holds or would hold, answering per campaign the
 * line it would map to or why not. A read: nothing is stored, the link and the campaigns stay as they were.
 */
const EXT = '1234567890';
const EXT_US = '2345678901';
let fake: FakeGoogleAds;
let c: Company;
let agentId: number;
let lineA: number;
/** The link saved by the first test (it holds EXT). */
let linkId: number;
const saved: Record<string, string | undefined> = {};

beforeAll(async () => {
  fake = await startFakeGoogleAds({ port: await freePort() });
  for (const k of ['GOOGLE_ADS_API_URL', 'GOOGLE_OAUTH_TOKEN_URL']) saved[k] = process.env[k];
  process.env.GOOGLE_ADS_API_URL = fake.apiUrl;
  process.env.GOOGLE_OAUTH_TOKEN_URL = fake.tokenUrl;
  c = await makeCompany('Rule Preview Agency');
  lineA = (await seedApproved(c, 1)).lines[0].ID;
  const call = (method: string, body: unknown) =>
    invoke('ConnectorsService', method, { as: c.admin, body, accountId: c.accounts.main.ID });
  const agent = expectOk(
    await call('SaveAgentConnector', {
      agentConnector: {
        ID: 0,
        ConnectorId: 1,
        Name: 'Google',
        Credentials: {
          refreshToken: GOOGLE_ADS_DEMO.refreshToken,
          clientId: GOOGLE_ADS_DEMO.clientId,
          clientSecret: GOOGLE_ADS_DEMO.clientSecret,
        },
      },
    }),
  );
  agentId = expectOk(await call('TestAgentConnection', { agentConnectorId: agent.ID })).ID;
  const campaign = (id: string, Name: string, ext = EXT) =>
    upsertDiscoveredCampaign(c.companyId, {
      ConnectorType: 'google_ads',
      ExternalAccountId: ext,
      ExternalCampaignId: id,
      Name,
      Status: 'ENABLED',
    });
  await campaign('1', `Search [L${lineA}]`);
  await campaign('2', 'Brand, no line');
  await campaign('3', '[L999999] not a line of this company');
  await campaign('4', `Chosen by hand [L${lineA}]`);
  for (let i = 0; i < 205; i++) await campaign(`us-${i}`, `US ${String(i).padStart(3, '0')} [L${lineA}]`, EXT_US);
}, 120_000);

afterAll(async () => {
  for (const [k, v] of Object.entries(saved))
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  fake.server.closeAllConnections();
  await new Promise((r) => fake.server.close(r));
});

const preview = (link: Record<string, unknown>, as = c.planner) =>
  invoke('ConnectorsService', 'PreviewNamingRule', {
    as,
    accountId: c.accounts.main.ID,
    body: {
      accountConnector: {
        ID: 0,
        AccountId: c.accounts.main.ID,
        AgentConnectorId: agentId,
        ExternalAccountIds: [EXT],
        ...link,
      },
    },
  });
type Item = {
  ExternalCampaignId: string;
  Outcome: string;
  RuleLineId: number | null;
  MappedLineId: number | null;
  MappedLineName: string | null;
};

it('answers, per campaign of the ad accounts named, the line an unsaved rule maps it to or why not, and stores nothing', async () => {
  // A link without a rule, saved by a planner (no sync is queued); one campaign is then mapped by hand.
  const link = expectOk(
    await invoke('ConnectorsService', 'SaveAccountConnector', {
      as: c.planner,
      accountId: c.accounts.main.ID,
      body: {
        accountConnector: {
          ID: 0,
          AccountId: c.accounts.main.ID,
          AgentConnectorId: agentId,
          ExternalAccountIds: [EXT],
          NamingRule: '',
        },
      },
    }),
  );
  const list = expectOk(
    await invoke('ConnectorsService', 'GetCampaignsList', {
      as: c.planner,
      accountId: c.accounts.main.ID,
      body: { accountId: c.accounts.main.ID, pageSize: 100 },
    }),
  );
  const chosen = (list.Items as { ID: number; version: number; ExternalCampaignId: string }[]).find(
    (i) => i.ExternalCampaignId === '4',
  )!;
  expectOk(
    await invoke('AccountsService', 'SaveCampaign', {
      as: c.planner,
      accountId: c.accounts.main.ID,
      body: { globalCampaign: { ID: chosen.ID, MediaChannelId: lineA, version: chosen.version } },
    }),
  );

  linkId = link.ID;
  const before = await tableSnapshot();
  const reply = expectOk(await preview({ ID: link.ID, version: link.version, NamingRule: '\\[L(\\d+)\\]' }));
  expect(await tableSnapshot()).toEqual(before);
  expect(reply.Total).toBe(4);
  expect(reply.RuleError).toBeNull();
  const byId = new Map((reply.Items as Item[]).map((i) => [i.ExternalCampaignId, i]));
  expect(byId.get('1')).toMatchObject({
    Outcome: 'rule',
    RuleLineId: lineA,
    MappedLineId: lineA,
    MappedLineName: expect.any(String),
  });
  expect(byId.get('2')).toMatchObject({ Outcome: 'noMatch', RuleLineId: null, MappedLineId: null });
  expect(byId.get('3')).toMatchObject({ Outcome: 'lineNotInAccount', RuleLineId: 999999, MappedLineId: null });
  // Explicit wins over the rule, as on the campaigns screen.
  expect(byId.get('4')).toMatchObject({ Outcome: 'explicit', RuleLineId: lineA, MappedLineId: lineA });

  // The saved link still has no rule, and the campaigns' stored reading is unchanged.
  const after = expectOk(
    await invoke('ConnectorsService', 'GetCampaignsList', {
      as: c.planner,
      accountId: c.accounts.main.ID,
      body: { accountId: c.accounts.main.ID, pageSize: 100 },
    }),
  );
  expect(
    (after.Items as { ExternalCampaignId: string; MappedBy: string | null }[])
      .map((i) => [i.ExternalCampaignId, i.MappedBy])
      .sort(),
  ).toEqual([
    ['1', null],
    ['2', null],
    ['3', null],
    ['4', 'explicit'],
  ]);
}, 60_000);

it('answers the first 200 campaigns by name with the total, and the reading of a rule RE2 refuses', async () => {
  const reply = expectOk(await preview({ ExternalAccountIds: [EXT_US], NamingRule: '\\[L(\\d+)\\]' }));
  expect(reply.Total).toBe(205);
  expect(reply.Items).toHaveLength(200);
  expect((reply.Items as { Name: string }[]).map((i) => i.Name)).toEqual(
    [...Array(200).keys()].map((i) => `US ${String(i).padStart(3, '0')} [L${lineA}]`),
  );
  expect((reply.Items as Item[]).every((i) => i.Outcome === 'rule' && i.MappedLineId === lineA)).toBe(true);

  // Passes the syntax check, RE2 refuses it (more than 1,000 repetitions): said, nothing mapped.
  const refused = expectOk(await preview({ ID: linkId, NamingRule: '(x{0,1001})' }));
  expect(refused.RuleError).toEqual(expect.any(String));
  expect((refused.Items as Item[]).map((i) => [i.ExternalCampaignId, i.Outcome]).sort()).toEqual([
    ['1', 'noMatch'],
    ['2', 'noMatch'],
    ['3', 'noMatch'],
    ['4', 'explicit'],
  ]);
}, 60_000);

it('refuses what saving the link refuses, and writes nothing', async () => {
  const before = await tableSnapshot();
  const unseen = await preview({ ExternalAccountIds: ['5550001111'], NamingRule: '\\[L(\\d+)\\]' });
  expect(unseen.status).toBe(400);
  expect(unseen.body.ErrorCode).toBe('EXTERNAL_ACCOUNT_NOT_VISIBLE');
  const bad = await preview({ NamingRule: '(?=L)(\\d+)' });
  expect(bad.status).toBe(400);
  expect(bad.body.ErrorCode).toBe('NAMING_RULE_INVALID');
  // EXT is held by the saved link: another (new) link of the sub-account would not hold it.
  const taken = await preview({ AccountId: c.accounts.sub.ID, NamingRule: '\\[L(\\d+)\\]' });
  expect(taken.status).toBe(409);
  expect(taken.body.ErrorCode).toBe('EXTERNAL_ACCOUNT_LINKED');
  expect(await tableSnapshot()).toEqual(before);
}, 60_000);
