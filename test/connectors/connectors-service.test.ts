import { dynamoSyncPorts } from '../../lambdas/modules/connectors/connector-sync-ports';
import { approveVersion, submitVersion } from '../../lambdas/modules/media-plans/plans';
import { upsertDiscoveredCampaign } from '../../lambdas/modules/connectors/campaign-store.dynamodb';
import { GOOGLE_ADS_DEMO, startFakeGoogleAds, type FakeGoogleAds } from '../../local/fakes/google-ads-server';
import { freePort } from '../../local/ports';
import { expectError, expectOk, lines, version } from '../media-plans/helpers';
import { platformOperator } from '../support/fixtures/platform';
import { current, seedApproved } from '../support/media-plans';
import { Role } from '../../lambdas/shared/permissions';
import { invoke, makeCompany, makeUser, tableSnapshot, type Company } from '../support/world';

/**
 * ConnectorsService and the campaign calls on DynamoDB Local, the local Secrets
 * Manager and the local Google Ads API.
 */
let fake: FakeGoogleAds;
let c: Company;
const saved: Record<string, string | undefined> = {};

beforeAll(async () => {
  fake = await startFakeGoogleAds({ port: await freePort() });
  for (const k of ['GOOGLE_ADS_API_URL', 'GOOGLE_OAUTH_TOKEN_URL']) saved[k] = process.env[k];
  process.env.GOOGLE_ADS_API_URL = fake.apiUrl;
  process.env.GOOGLE_OAUTH_TOKEN_URL = fake.tokenUrl;
  c = await makeCompany('Connectors Agency');
});

afterAll(async () => {
  for (const [k, v] of Object.entries(saved))
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  fake.server.closeAllConnections();
  await new Promise((r) => fake.server.close(r));
});

const call = (method: string, body: unknown, as = c.admin, accountId: number | undefined = c.accounts.main.ID) =>
  invoke('ConnectorsService', method, { as, body, accountId });

const googleCredentials = (refreshToken: string) => ({
  refreshToken,
  clientId: GOOGLE_ADS_DEMO.clientId,
  clientSecret: GOOGLE_ADS_DEMO.clientSecret,
});

async function googleConnector(name: string, refreshToken: string = GOOGLE_ADS_DEMO.refreshToken) {
  return expectOk(
    await call('SaveAgentConnector', {
      agentConnector: { ID: 0, ConnectorId: 1, Name: name, Credentials: googleCredentials(refreshToken) },
    }),
  );
}

describe('global connectors', () => {
  it('lists the four seeded platform types with their credential fields; system admins only', async () => {
    const r = expectOk(await call('GetGlobalConnectorsList', {}, await platformOperator(), undefined));
    expect(r.Items.map((g: { Type: string }) => g.Type)).toEqual([
      'google_ads',
      'meta_ads',
      'tiktok_ads',
      'csv_upload',
    ]);
    expect(
      r.Items[0].CredentialFields.filter((f: { Required: boolean }) => f.Required).map((f: { Name: string }) => f.Name),
    ).toEqual(['refreshToken', 'clientId', 'clientSecret']);
    expectError(await call('GetGlobalConnectorsList', {}, c.admin, undefined), 403);
  });
});

describe('agent connectors', () => {
  it('keeps credentials write-only: the reply, the table and the logs never carry them, before or after a test', async () => {
    const secretToken = GOOGLE_ADS_DEMO.refreshToken;
    const out: string[] = [];
    const spies = [
      jest.spyOn(process.stdout, 'write').mockImplementation((chunk: unknown) => {
        out.push(String(chunk));
        return true;
      }),
      ...(['log', 'info', 'warn', 'error', 'debug'] as const).map((m) =>
        jest.spyOn(console, m).mockImplementation((...a: unknown[]) => {
          out.push(a.map(String).join(' '));
        }),
      ),
    ];
    try {
      const created = await googleConnector('Google — main');
      expect(created.Status).toBe('Untested');
      expect(created.CredentialsSet).toEqual(['refreshToken', 'clientId', 'clientSecret']);
      const tested = expectOk(await call('TestAgentConnection', { agentConnectorId: created.ID }));
      expect(tested.Status).toBe('OK');
      expect(tested.ExternalAccounts.map((a: { ExternalAccountId: string }) => a.ExternalAccountId).sort()).toEqual([
        '1234567890',
        '2345678901',
      ]);
      const list = await call('GetAgentConnectorsList', {});
      const replies = JSON.stringify([created, tested, list.body]);
      for (const s of [secretToken, GOOGLE_ADS_DEMO.clientSecret]) {
        expect(replies).not.toContain(s);
        expect(out.join('\n')).not.toContain(s);
        expect((await tableSnapshot()).join('\n')).not.toContain(s);
      }
    } finally {
      for (const s of spies) s.mockRestore();
    }
  });

  it("an expired sign-in tests as NoAccess with the platform's reason; new credentials make it Untested, then OK", async () => {
    const a = await googleConnector('Google — expired', GOOGLE_ADS_DEMO.expiredRefreshToken);
    const t = expectOk(await call('TestAgentConnection', { agentConnectorId: a.ID }));
    expect(t.Status).toBe('NoAccess');
    expect(t.LastError).toMatch(/expired|revoked|reconnect/i);
    expect(t.LastError).not.toContain(GOOGLE_ADS_DEMO.expiredRefreshToken);
    const fixed = expectOk(
      await call('SaveAgentConnector', {
        agentConnector: {
          ID: a.ID,
          ConnectorId: 1,
          Name: a.Name,
          Credentials: { refreshToken: GOOGLE_ADS_DEMO.refreshToken },
          version: a.version,
        },
      }),
    );
    expect(fixed.Status).toBe('Untested');
    expect(expectOk(await call('TestAgentConnection', { agentConnectorId: a.ID })).Status).toBe('OK');
  });

  it("a new connection needs its connector's required credential fields (400 naming the field); planners may not manage connections", async () => {
    const r = await call('SaveAgentConnector', {
      agentConnector: { ID: 0, ConnectorId: 1, Name: 'No token', Credentials: { clientId: 'x' } },
    });
    expectError(r, 400);
    expect(r.body.ErrorParams?.field).toBe('agentConnector.Credentials.refreshToken');
    expectError(
      await call('SaveAgentConnector', { agentConnector: { ID: 0, ConnectorId: 4, Name: 'CSV' } }, c.planner),
      403,
    );
  });
});

describe('account connectors and campaigns', () => {
  let agentId: number;
  beforeAll(async () => {
    const a = await googleConnector('Google — links');
    agentId = expectOk(await call('TestAgentConnection', { agentConnectorId: a.ID })).ID;
  });

  it('links only ad accounts the agent connector sees, once; refuses a bad naming rule naming the field; a pathological rule is harmless', async () => {
    const save = (body: Record<string, unknown>, accountId = c.accounts.main.ID) =>
      call(
        'SaveAccountConnector',
        { accountConnector: { ID: 0, AccountId: accountId, AgentConnectorId: agentId, NamingRule: '', ...body } },
        c.planner,
        accountId,
      );
    const unseen = await save({ ExternalAccountIds: ['1112223334'] });
    expectError(unseen, 400);
    expect(unseen.body.ErrorCode).toBe('EXTERNAL_ACCOUNT_NOT_VISIBLE');
    const bad = await save({ ExternalAccountIds: ['2345678901'], NamingRule: '(a' });
    expect(bad.body.ErrorCode).toBe('NAMING_RULE_INVALID');
    expect(bad.body.ErrorParams?.field).toBe('accountConnector.NamingRule');
    const started = Date.now();
    const ok = expectOk(await save({ ExternalAccountIds: ['2345678901'], NamingRule: '^(a+)+$|\\[L(\\d+)\\]' }));
    await upsertDiscoveredCampaign(c.companyId, {
      ConnectorType: 'google_ads',
      ExternalAccountId: '2345678901',
      ExternalCampaignId: '77',
      Name: `${'a'.repeat(5000)}!`,
      Status: 'ENABLED',
    });
    // The sync evaluates the rule (RE2) over the ad account's campaigns: linear, so the 5,000 a's cost nothing.
    expect(
      await dynamoSyncPorts.remapByRule!(c.companyId, agentId, {
        connectorType: 'google_ads',
        externalAccountId: '2345678901',
      }),
    ).toEqual({ changed: 0, moved: 0 });
    expectOk(await call('GetCampaignsList', { accountId: c.accounts.main.ID }, c.planner));
    expect(Date.now() - started).toBeLessThan(5000);
    const twice = await save({ ExternalAccountIds: ['2345678901'] }, c.accounts.other.ID);
    expectError(twice, 409);
    expect(twice.body.ErrorCode).toBe('EXTERNAL_ACCOUNT_LINKED');
    // The link dialog's choices say where an ad account is linked already (by name to those who see that account).
    const choicesOf = async (as: typeof c.planner) =>
      expectOk(await call('GetAccountConnectorsList', {}, as, c.accounts.other.ID)).AgentConnectors.find(
        (x: { ID: number }) => x.ID === agentId,
      ).ExternalAccounts as { ExternalAccountId: string; LinkedTo: unknown }[];
    const seen = await choicesOf(c.planner);
    expect(seen.find((e) => e.ExternalAccountId === '2345678901')?.LinkedTo).toEqual({
      AccountConnectorId: ok.ID,
      AccountId: c.accounts.main.ID,
      AccountName: 'Main Client',
    });
    expect(seen.filter((e) => e.ExternalAccountId !== '2345678901').every((e) => e.LinkedTo === null)).toBe(true);
    const oneAccount = await makeUser(c.companyId, Role.Planner, [], { accountAccess: [c.accounts.other.ID] });
    expect((await choicesOf(oneAccount)).find((e) => e.ExternalAccountId === '2345678901')?.LinkedTo).toEqual({
      AccountConnectorId: ok.ID,
      AccountId: null,
      AccountName: null,
    });
    expectOk(
      await invoke('ConnectorsService', 'DeleteAccountConnector', {
        as: c.planner,
        accountId: c.accounts.main.ID,
        body: { accountConnectorId: ok.ID },
      }),
    );
    expectOk(await save({ ExternalAccountIds: ['2345678901'] }, c.accounts.other.ID));
  });

  it('maps explicitly or by the naming rule (explicit wins), follows the line into later versions, and lists a campaign whose line was removed', async () => {
    const plan = await seedApproved(c, 2);
    const [l1, l2] = plan.lines;
    expectOk(
      await call(
        'SaveAccountConnector',
        {
          accountConnector: {
            ID: 0,
            AccountId: c.accounts.main.ID,
            AgentConnectorId: agentId,
            ExternalAccountIds: ['1234567890'],
            NamingRule: '\\[L(\\d+)\\]',
          },
        },
        c.planner,
      ),
    );
    const ruled = await upsertDiscoveredCampaign(c.companyId, {
      ConnectorType: 'google_ads',
      ExternalAccountId: '1234567890',
      ExternalCampaignId: '1',
      Name: `Search [L${l1.ID}] =HYPERLINK("x")`,
      Status: 'ENABLED',
    });
    const chosen = await upsertDiscoveredCampaign(c.companyId, {
      ConnectorType: 'google_ads',
      ExternalAccountId: '1234567890',
      ExternalCampaignId: '2',
      Name: `Video [L${l1.ID}]`,
      Status: 'ENABLED',
    });
    const info = (id: number) =>
      invoke('AccountsService', 'GetCampaignInfo', {
        as: c.planner,
        accountId: c.accounts.main.ID,
        body: { campaignId: id },
      });
    // Made outside a sync, the campaigns have no rule reading yet; the sync's pass over the ad account stores it.
    expect(expectOk(await info(ruled.ID))).toMatchObject({ MappedBy: null, MappedLineId: null });
    await dynamoSyncPorts.remapByRule!(c.companyId, agentId, {
      connectorType: 'google_ads',
      externalAccountId: '1234567890',
    });
    expect(expectOk(await info(ruled.ID))).toMatchObject({
      MappedBy: 'rule',
      MappedLineId: l1.ID,
      Name: `Search [L${l1.ID}] =HYPERLINK("x")`,
    });
    const mapped = expectOk(
      await invoke('AccountsService', 'SaveCampaign', {
        as: c.planner,
        accountId: c.accounts.main.ID,
        body: { globalCampaign: { ID: chosen.ID, MediaChannelId: l2.ID, version: chosen.version } },
      }),
    );
    expect(mapped).toMatchObject({ MappedBy: 'explicit', MappedLineId: l2.ID, MediaChannelId: l2.ID });

    // Version 2: copied from 1 (new line ids), line 2 removed, approved.
    const v2 = expectOk(await version(c, 'CreateMediaMixVersion', { mediaMixId: plan.planVersion.ID }));
    const v2lines = (await import('../../lambdas/modules/media-plans/store/reads')).getVersionWithLines;
    const copies = (await v2lines(c.companyId, v2.ID, true))!.lines;
    const copyOf = (id: number) => copies.find((l) => l.SourceLineId === id)!;
    expectOk(await lines(c, 'DeleteMediaChannel', { channelId: copyOf(l2.ID).ID }));
    let h = await current(c, v2.ID);
    h = await submitVersion(c.planner, plan.activity.AccountId, { mediaMixId: v2.ID, version: h.version });
    await approveVersion(c.approver, plan.activity.AccountId, { mediaMixId: v2.ID, version: h.version });

    expect(expectOk(await info(ruled.ID))).toMatchObject({
      MappedBy: 'rule',
      MappedLineId: copyOf(l1.ID).ID,
      MappedVersion: 2,
    });
    expect(expectOk(await info(chosen.ID))).toMatchObject({
      MappedBy: 'explicit',
      MediaChannelId: l2.ID,
      MappedLineId: null,
      LineRemovedInVersion: 2,
    });
    const unmapped = expectOk(
      await call('GetCampaignsList', { accountId: c.accounts.main.ID, mapped: false }, c.planner),
    );
    expect(unmapped.Items.map((i: { ID: number }) => i.ID)).toContain(chosen.ID);
    expect(unmapped.Items.map((i: { ID: number }) => i.ID)).not.toContain(ruled.ID);
  });

  it("refuses mapping to another account's line", async () => {
    const other = await makeCompany('Other');
    const theirs = await seedApproved(other, 1);
    const mine = await upsertDiscoveredCampaign(c.companyId, {
      ConnectorType: 'google_ads',
      ExternalAccountId: '1234567890',
      ExternalCampaignId: '3',
      Name: 'Third',
      Status: 'PAUSED',
    });
    const r = await invoke('AccountsService', 'SaveCampaign', {
      as: c.planner,
      accountId: c.accounts.main.ID,
      body: { globalCampaign: { ID: mine.ID, MediaChannelId: theirs.lines[0].ID + 100000 } },
    });
    expect([403, 404]).toContain(r.status);
  });

  it('serves the sync engine its ports: linked accounts, credentials, hostile names kept as bounded text, line targets', async () => {
    const plan = await seedApproved(c, 1);
    const listed = (await dynamoSyncPorts.connectorsOf(c.companyId)).find((x) => x.agentConnectorId === agentId);
    expect(listed?.externalAccountIds.sort()).toEqual(['1234567890', '2345678901']);
    const loaded = await dynamoSyncPorts.loadConnector(c.companyId, agentId);
    expect(loaded?.credentials.refreshToken).toBe(GOOGLE_ADS_DEMO.refreshToken);
    expect(loaded?.externalAccounts.find((e) => e.externalAccountId === '1234567890')?.timeZone).toBe('Asia/Jerusalem');
    const hostile = `=cmd|' /C calc'!A0 \u202E [L${plan.lines[0].ID}] ${'x'.repeat(10_000)}`;
    const day = { currency: 'ILS', firstDay: '2026-01-01', lastDay: '2026-01-02' };
    await dynamoSyncPorts.upsertCampaigns(c.companyId, agentId, [
      {
        connectorType: 'google_ads',
        externalAccountId: '1234567890',
        externalCampaignId: '900',
        name: hostile,
        status: 'ENABLED',
        ...day,
      },
      { connectorType: 'google_ads', externalAccountId: '1234567890', externalCampaignId: 'bad#id', name: 'x', ...day },
    ]);
    const page = expectOk(
      await call('GetCampaignsList', { connectorType: 'google_ads', pageSize: 500 }, c.admin, undefined),
    );
    const stored = page.Items.find((i: { ExternalCampaignId: string }) => i.ExternalCampaignId === '900');
    expect(stored.Name.length).toBeLessThanOrEqual(500);
    expect(stored.Name.startsWith("=cmd|' /C calc'!A0")).toBe(true);
    expect(stored.Name).not.toContain('\u202E');
    expect(page.Items.some((i: { ExternalCampaignId: string }) => i.ExternalCampaignId === 'bad#id')).toBe(false);
    const targets = await dynamoSyncPorts.lineTargets(c.companyId, [
      { connectorType: 'google_ads', externalAccountId: '1234567890', externalCampaignId: '900' },
    ]);
    expect(targets.get('google_ads|1234567890|900')).toEqual({
      lineId: plan.lines[0].ID,
      activityId: plan.activity.ID,
      accountId: c.accounts.main.ID,
    });
    await dynamoSyncPorts.recordResult(c.companyId, agentId, '1234567890', {
      status: 'Error',
      at: '2026-01-03T05:00:00.000Z',
      error: 'The platform failed (500)',
    });
    const after = expectOk(await call('GetAgentConnectorsList', {})).Items.find(
      (x: { ID: number }) => x.ID === agentId,
    );
    expect(after).toMatchObject({ Status: 'Error', LastError: 'The platform failed (500)' });
  });
});
