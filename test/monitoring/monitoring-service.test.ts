import { scheduleActivity } from '../../lambdas/modules/media-plans/activity-schedule';
import { dynamoSyncPorts } from '../../lambdas/modules/connectors/connector-sync-ports';
import { saveAccountConnectorFor } from '../../lambdas/modules/connectors/account-connectors';
import { saveAgentConnectorFor, testAgentConnectionFor } from '../../lambdas/modules/connectors/agent-connectors';
import { approveVersion, submitVersion } from '../../lambdas/modules/media-plans/plans';
import { readStats } from '../../lambdas/modules/performance-data/daily-stat-store.dynamodb';
import type { StoredStat } from '../../lambdas/modules/performance-data/daily-stat-store';
import { listSyncRuns } from '../../lambdas/modules/connectors/sync-run-store.dynamodb';
import { addDaysTo, DEFAULT_TIME_ZONE } from '../../lambdas/shared/calendar';
import { todayIn } from '../../lambdas/shared/company-day';
import { Permission, Role } from '../../lambdas/shared/permissions';
import type {
  ConnectorHealth,
  DataHealth,
  SyncRunsPage,
  UnmappedCampaigns,
} from '../../lambdas/modules/monitoring/replies';
import { inProcessSyncQueue, type SyncQueue } from '../../lambdas/modules/connectors/sync/dispatch';
import type { SyncJob } from '../../lambdas/modules/connectors/sync/sync-account';
import { syncNowHooks } from '../../lambdas/modules/connectors/sync/sync-now';
import { demoCampaigns } from '../../local/fakes/ads-demo-data';
import { META_FAKE_TOKEN, startFakeMeta, type FakeMeta } from '../../local/fakes/meta-ads-server';
import { freePort } from '../../local/ports';
import { localClientFor } from '../../local/sync-runner';
import { current, seedActivity, seedLine, seedVersion, seedRate } from '../support/media-plans';
import { invoke, makeCompany, makeUser, type Company } from '../support/world';

/**
 * MonitoringService through its handlers on DynamoDB Local, over what the real sync
 * wrote: a Meta Ads connection synced from the local Meta fake (the cloud's worker code on the
 * in-process queue), a second one whose sync failed (the fake answered garbage), a live activity.
 * The generated suites check the permission (client, planner refused), the cross-company probe and
 * bad input.
 */
const TODAY = todayIn(DEFAULT_TIME_ZONE);
const OK_ACCOUNT = '2030000001';
const BAD_ACCOUNT = '2030000002';
let meta: FakeMeta;
let a: Company;
const savedUrl = process.env.META_GRAPH_API_URL;
const worker = inProcessSyncQueue({
  ports: dynamoSyncPorts,
  clientFor: localClientFor,
  sleep: async () => undefined,
  maxAttempts: 1,
});
// A saved mapping's history move is kept to be run by the test; the syncs a new link asks for are dropped.
const moves: SyncJob[] = [];
const dropped: SyncQueue = {
  send: async (jobs) => {
    moves.push(...jobs.filter((j) => j.moveHistory));
  },
};
let okId: number;
let badId: number;
let lineId: number;
let activityId: number;

const sync = async (agentConnectorId: number, externalAccountId: string) => {
  const job: SyncJob = { companyId: a.companyId, agentConnectorId, externalAccountId, connectorType: 'meta_ads' };
  await worker.send([job]);
  await worker.idle();
};

const call = <T>(method: string, body: Record<string, unknown> = {}, as = a.analyst, accountId?: number) =>
  invoke('MonitoringService', method, { as, body, ...(accountId ? { accountId } : {}) }).then((r) => {
    expect(r.status).toBe(200);
    return r.body.Response as T;
  });

async function connection(name: string, externalAccountId: string, accountId: number): Promise<number> {
  const agent = await saveAgentConnectorFor(a.admin, {
    ID: 0,
    ConnectorId: 2,
    Name: name,
    Credentials: { accessToken: META_FAKE_TOKEN },
  });
  expect((await testAgentConnectionFor(a.admin, agent.ID)).Status).toBe('OK');
  await saveAccountConnectorFor(a.admin, accountId, {
    ID: 0,
    AccountId: accountId,
    AgentConnectorId: agent.ID,
    ExternalAccountIds: [externalAccountId],
    NamingRule: '',
  });
  return agent.ID;
}

beforeAll(async () => {
  const accounts = [OK_ACCOUNT, BAD_ACCOUNT].map((id) => ({
    id,
    name: `Monitoring ${id}`,
    currency: 'ILS',
    timeZone: DEFAULT_TIME_ZONE,
    campaigns: demoCampaigns(id, 'Mon', '241', 3),
    tokens: [META_FAKE_TOKEN],
  }));
  meta = await startFakeMeta({ port: await freePort(), accounts });
  process.env.META_GRAPH_API_URL = meta.endpoint;
  syncNowHooks.local = dropped; // a new link asks for a sync of its own: the test runs its syncs itself
  a = await makeCompany('Monitoring Agency');

  // A live activity of the main account, with an approved plan of one line.
  const activity = await seedActivity(a, {
    start: addDaysTo(TODAY, -20),
    end: addDaysTo(TODAY, 20),
    name: 'Live flight',
  });
  await seedRate(a, '2001-02-03', 'USD', 'ILS', 3.7);
  const version = await seedVersion(a, activity);
  const line = await seedLine(a, version, {
    Name: 'Live line',
    StartDate: activity.StartDate,
    EndDate: activity.EndDate,
  });
  const draft = await current(a, version.ID);
  const submitted = await submitVersion(a.planner, activity.AccountId, {
    mediaMixId: draft.ID,
    version: draft.version,
  });
  await approveVersion(a.approver, activity.AccountId, { mediaMixId: submitted.ID, version: submitted.version });
  await scheduleActivity(a.companyId, activity.ID);
  activityId = activity.ID;
  lineId = line.ID;

  okId = await connection('Meta — healthy', OK_ACCOUNT, a.accounts.main.ID);
  badId = await connection('Meta — failing', BAD_ACCOUNT, a.accounts.sub.ID);
  await sync(okId, OK_ACCOUNT);
  meta.injectFault('malformed', { times: 5 });
  try {
    await sync(badId, BAD_ACCOUNT);
  } finally {
    meta.clearFaults();
  }
}, 120_000);

afterAll(async () => {
  syncNowHooks.local = undefined;
  if (savedUrl === undefined) delete process.env.META_GRAPH_API_URL;
  else process.env.META_GRAPH_API_URL = savedUrl;
  await meta.stop();
});

async function storedStats(externalAccountId: string): Promise<StoredStat[]> {
  const out: StoredStat[] = [];
  for await (const page of readStats(a.companyId, 'meta_ads', externalAccountId, '2000-01-01', '2999-12-31'))
    out.push(...page);
  return out;
}

const byId = (h: DataHealth, id: number) => h.Connectors.find((c) => c.AgentConnectorId === id) as ConnectorHealth;

describe('GetDataHealth', () => {
  it('shows each connection with its ad accounts: the synced one fresh with its last run, the failing one in Error with its reason', async () => {
    const health = await call<DataHealth>('GetDataHealth');
    const [run] = await listSyncRuns(a.companyId, { agentConnectorId: okId });
    expect(run.Status).toBe('OK');

    const ok = byId(health, okId);
    expect(ok).toMatchObject({
      Name: 'Meta — healthy',
      ConnectorType: 'meta_ads',
      Status: 'OK',
      LastError: '',
      FreshnessHours: 0,
    });
    expect(ok.ExternalAccounts).toEqual([
      expect.objectContaining({
        ExternalAccountId: OK_ACCOUNT,
        Name: `Monitoring ${OK_ACCOUNT}`,
        AccountId: a.accounts.main.ID,
        AccountName: 'Main Client',
        Status: 'OK',
        FreshnessHours: 0,
        RowsLastRun: run.RowsRead,
        LastRunAt: run.StartedAt,
        LastError: '',
      }),
    ]);
    expect(run.RowsRead).toBeGreaterThan(0);

    const bad = byId(health, badId);
    const [failed] = await listSyncRuns(a.companyId, { agentConnectorId: badId });
    expect(failed.Status).toBe('Error');
    expect(bad.Status).toBe('Error');
    expect(bad.LastError).toContain('not what the Marketing API sends');
    expect(bad.FreshnessHours).toBeNull(); // never synced successfully
    expect(bad.ExternalAccounts).toEqual([
      expect.objectContaining({
        ExternalAccountId: BAD_ACCOUNT,
        AccountId: a.accounts.sub.ID,
        Status: 'Error',
        LastSyncAt: null,
        FreshnessHours: null,
        LastError: failed.Error,
      }),
    ]);
    expect(health.NoDataDays).toBe(7);
  });

  it("lists the live activity while no campaign's actuals reach its account, and stops once one is mapped", async () => {
    const before = await call<DataHealth>('GetDataHealth');
    expect(before.MissingData).toContainEqual({
      ActivityId: activityId,
      ActivityName: 'Live flight',
      AccountId: a.accounts.main.ID,
      AccountName: 'Main Client',
      ConnectorType: 'meta_ads',
    });

    const unmapped = await call<UnmappedCampaigns>('GetUnmappedCampaigns');
    const campaign = unmapped.Items.find((c) => c.ExternalAccountId === OK_ACCOUNT)!;
    expect(campaign.CampaignId).not.toBeNull();
    const mapped = await invoke('AccountsService', 'SaveCampaign', {
      as: a.admin,
      accountId: a.accounts.main.ID,
      body: { globalCampaign: { ID: campaign.CampaignId, MediaChannelId: lineId } },
    });
    expect(mapped.status).toBe(200);
    await worker.send(moves.splice(0));
    await worker.idle();

    const after = await call<DataHealth>('GetDataHealth');
    expect(after.MissingData.filter((r) => r.ActivityId === activityId)).toEqual([]);
    const gone = await call<UnmappedCampaigns>('GetUnmappedCampaigns');
    expect(gone.Items.map((c) => c.ExternalCampaignId)).not.toContain(campaign.ExternalCampaignId);
    expect(gone.Items.filter((c) => c.ExternalAccountId === OK_ACCOUNT)).toHaveLength(
      unmapped.Items.filter((c) => c.ExternalAccountId === OK_ACCOUNT).length - 1,
    );
  });
});

describe('GetUnmappedCampaigns', () => {
  it("sums each unmapped campaign's stored spend over the window, largest first", async () => {
    const reply = await call<UnmappedCampaigns>('GetUnmappedCampaigns', { days: 10 });
    expect(reply).toMatchObject({ From: addDaysTo(TODAY, -9), To: TODAY, AccountsRead: 2, Truncated: false });
    // Expected from the store's own reader: the stats without a line, in the window, per campaign.
    const expected = new Map<string, number>();
    for (const s of await storedStats(OK_ACCOUNT)) {
      if (s.LineId !== undefined || s.Date < reply.From || s.Date > reply.To) continue;
      expected.set(s.CampaignId, (expected.get(s.CampaignId) ?? 0) + s.SpendMicros);
    }
    const listed = reply.Items.filter((c) => c.ExternalAccountId === OK_ACCOUNT);
    expect(new Map(listed.map((c) => [c.ExternalCampaignId, Math.round(c.Spend * 1e6)]))).toEqual(
      new Map([...expected].filter(([, v]) => v > 0)),
    );
    expect(
      listed.every((c) => c.Currency === 'ILS' && c.AccountId === a.accounts.main.ID && c.Days > 0 && c.Days <= 10),
    ).toBe(true);
    expect(reply.Items.map((c) => c.Spend)).toEqual([...reply.Items.map((c) => c.Spend)].sort((x, y) => y - x));
  });
});

describe('GetSyncRuns', () => {
  it('pages the runs newest first, with duration, rows and the error; by connection and status', async () => {
    const all = await call<SyncRunsPage>('GetSyncRuns', { pageSize: 1 });
    expect(all.Items).toHaveLength(1);
    expect(all.NextToken).toBeTruthy();
    const next = await call<SyncRunsPage>('GetSyncRuns', { pageSize: 1, nextToken: all.NextToken });
    expect([all.Items[0].AgentConnectorId, next.Items[0].AgentConnectorId]).toEqual([badId, okId]); // the failing one ran last

    const failed = await call<SyncRunsPage>('GetSyncRuns', { agentConnectorId: badId });
    expect(failed.Items).toEqual([
      expect.objectContaining({
        AgentConnectorName: 'Meta — failing',
        ExternalAccountId: BAD_ACCOUNT,
        AccountId: a.accounts.sub.ID,
        Status: 'Error',
        Error: expect.stringContaining('not what the Marketing API sends'),
      }),
    ]);
    const ok = await call<SyncRunsPage>('GetSyncRuns', { status: 'OK' });
    expect(ok.Items.map((r) => r.AgentConnectorId)).toEqual([okId]);
    expect(ok.Items[0].DurationSeconds).not.toBeNull();
    expect(ok.Items[0].RowsRead).toBeGreaterThan(0);

    // A token of another list (another company's runs) is refused by name, never followed.
    const forged = Buffer.from(
      JSON.stringify({ k: { pk: `C#${a.companyId + 1}#SYNCRUN`, sk: '2026-01-01T00:00:00.000Z#x' } }),
    ).toString('base64url');
    const r = await invoke('MonitoringService', 'GetSyncRuns', { as: a.analyst, body: { nextToken: forged } });
    expect(r.status).toBe(400);
    expect(r.body.ErrorMessage).toMatch(/^nextToken: /);
  });
});

describe('what the caller may see', () => {
  it('someone who sees only the other account sees none of these connections, runs or campaigns; the account header narrows to its account', async () => {
    const narrow = await makeUser(a.companyId, Role.Analyst, [Permission.OperationalReports], {
      accountAccess: [a.accounts.other.ID],
    });
    const health = await call<DataHealth>('GetDataHealth', {}, narrow);
    expect(health.Connectors).toEqual([]);
    expect(health.MissingData).toEqual([]);
    expect((await call<SyncRunsPage>('GetSyncRuns', {}, narrow)).Items).toEqual([]);
    expect((await call<UnmappedCampaigns>('GetUnmappedCampaigns', {}, narrow)).Items).toEqual([]);

    // The sub-account's page: its failing connection only.
    const sub = await call<DataHealth>('GetDataHealth', {}, a.analyst, a.accounts.sub.ID);
    expect(sub.Connectors.map((c) => c.AgentConnectorId)).toEqual([badId]);
    expect(
      (await call<SyncRunsPage>('GetSyncRuns', {}, a.analyst, a.accounts.sub.ID)).Items.map((r) => r.AgentConnectorId),
    ).toEqual([badId]);
  });

  it('a planner (no OperationalReports) is refused', async () => {
    const r = await invoke('MonitoringService', 'GetDataHealth', { as: a.planner, body: {} });
    expect(r.status).toBe(403);
    expect(r.body.ErrorCode).toBe('PERMISSION_MISSING');
  });
});
