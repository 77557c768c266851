import {
  archiveAgentConnectorFor,
  saveAgentConnectorFor,
  testAgentConnectionFor,
} from '../../lambdas/modules/connectors/agent-connectors';
import { saveAccountConnectorFor } from '../../lambdas/modules/connectors/account-connectors';
import { saveGlobalConnectorFor } from '../../lambdas/modules/connectors/connectors-core';
import { SYNC_NOW_HOLD_MS, syncAgentConnectorNowFor } from '../../lambdas/modules/connectors/agent-sync-now';
import { getAgentConnector } from '../../lambdas/modules/connectors/connector-store.dynamodb';
import { readLineRollup } from '../../lambdas/modules/performance-data/rollup-read-store.dynamodb';
import { listSyncRuns } from '../../lambdas/modules/connectors/sync-run-store.dynamodb';
import { deleteSyncRequest, getSyncRequest } from '../../lambdas/modules/connectors/sync-request-store.dynamodb';
import { dynamoSyncPorts } from '../../lambdas/modules/connectors/connector-sync-ports';
import { inProcessSyncQueue, type SyncQueue } from '../../lambdas/modules/connectors/sync/dispatch';
import type { SyncJob } from '../../lambdas/modules/connectors/sync/sync-account';
import { syncNowHooks } from '../../lambdas/modules/connectors/sync/sync-now';
import { demoCampaigns } from '../../local/fakes/ads-demo-data';
import {
  META_FAKE_EXPIRED_TOKEN,
  META_FAKE_TOKEN,
  startFakeMeta,
  type FakeMeta,
} from '../../local/fakes/meta-ads-server';
import { freePort } from '../../local/ports';
import { localClientFor } from '../../local/sync-runner';
import { seedApproved } from '../support/media-plans';
import { invoke, makeCompany, useOwnTable, type Company } from '../support/world';

/**
 * ConnectorsService.SyncAgentConnectorNow through the handler, with `npm start`'s
 * in-process queue (the cloud's worker code) against the local Meta fake, on DynamoDB Local. The
 * queue is gated: jobs wait until the test lets them through, so "still under way" is a state the
 * test holds, not a race.
 */
let meta: FakeMeta;
let a: Company;
let b: Company;
const savedUrl = process.env.META_GRAPH_API_URL;
const worker = inProcessSyncQueue({ ports: dynamoSyncPorts, clientFor: localClientFor });
const held: SyncJob[] = [];
const gate: SyncQueue = {
  send: async (jobs) => {
    held.push(...jobs);
  },
};
const release = async () => {
  await worker.send(held.splice(0));
  await worker.idle();
};

beforeAll(async () => {
  await useOwnTable('sync-now'); // the test switches a global connector off: never on the shared table
  // Ad accounts enough for one link per case (an ad account is linked to one account at a time).
  const accounts = [
    '2020000001',
    '2020000002',
    '2020000003',
    '2020000004',
    '2020000005',
    '2020000006',
    '2020000007',
    '2020000008',
  ].map((id) => ({
    id,
    name: `Sync now ${id}`,
    currency: 'ILS',
    timeZone: 'Asia/Jerusalem',
    campaigns: demoCampaigns(id, 'Sync', '239', 3),
    tokens: [META_FAKE_TOKEN],
  }));
  meta = await startFakeMeta({ port: await freePort(), accounts });
  process.env.META_GRAPH_API_URL = meta.endpoint;
  a = await makeCompany('Sync Now Agency', { idOffset: 3 });
  b = await makeCompany('Other Agency');
  syncNowHooks.local = gate;
});

afterAll(async () => {
  syncNowHooks.local = undefined;
  if (savedUrl === undefined) delete process.env.META_GRAPH_API_URL;
  else process.env.META_GRAPH_API_URL = savedUrl;
  await meta.stop();
});

const syncNow = (c: Company, agentConnectorId: number, as = c.admin) =>
  invoke('ConnectorsService', 'SyncAgentConnectorNow', {
    as,
    accountId: c.accounts.main.ID,
    body: { agentConnectorId },
  });

/** A tested Meta Ads connection on the fake's demo token (it sees the demo ad accounts), linked to the main account when `link`. */
async function metaConnection(c: Company, name: string, link?: string) {
  const agent = await saveAgentConnectorFor(c.admin, {
    ID: 0,
    ConnectorId: 2,
    Name: name,
    Credentials: { accessToken: META_FAKE_TOKEN },
  });
  const tested = await testAgentConnectionFor(c.admin, agent.ID);
  expect(tested.Status).toBe('OK');
  if (link) {
    await saveAccountConnectorFor(c.admin, c.accounts.main.ID, {
      ID: 0,
      AccountId: c.accounts.main.ID,
      AgentConnectorId: agent.ID,
      ExternalAccountIds: [link],
      NamingRule: '',
    });
    // A new link queues a sync of its ad account under Sync now's hold: dropped with its hold, so each case starts afresh.
    held.length = 0;
    const request = await getSyncRequest(c.companyId, agent.ID);
    if (request) await deleteSyncRequest(c.companyId, request);
  }
  return tested;
}

it('queues one job per linked ad account, refuses a second while it runs, and the sync stores the stats, LastSyncAt and the line rollups', async () => {
  const agent = await metaConnection(a, 'Meta — sync now', '2020000001');
  expect(agent.LastSyncAt).toBeNull();

  const first = await syncNow(a, agent.ID);
  expect(first.status).toBe(200);
  expect(first.body.Response).toMatchObject({
    AgentConnectorId: agent.ID,
    Jobs: 1,
    ExternalAccountIds: ['2020000001'],
  });
  expect(held).toEqual([
    { companyId: a.companyId, agentConnectorId: agent.ID, externalAccountId: '2020000001', connectorType: 'meta_ads' },
  ]);

  // Queued, not yet run: a second click is refused politely and queues nothing.
  const again = await syncNow(a, agent.ID);
  expect(again.status).toBe(409);
  expect(again.body).toMatchObject({
    ErrorCode: 'SYNC_ALREADY_RUNNING',
    ErrorParams: { connector: 'Meta — sync now' },
  });
  expect(held).toHaveLength(1);

  await release();
  const runs = await listSyncRuns(a.companyId, { agentConnectorId: agent.ID });
  expect(runs.map((r) => [r.ExternalAccountId, r.Status])).toEqual([['2020000001', 'OK']]);
  expect(runs[0].RowsWritten).toBeGreaterThan(100);
  const synced = await getAgentConnector(a.companyId, agent.ID, true);
  expect(synced?.LastSyncAt && Date.parse(synced.LastSyncAt)).toBeGreaterThanOrEqual(
    Date.parse(first.body.Response.RequestedAt),
  );

  // The campaigns it found: map one to a plan line, then Sync now again (the first one has ended).
  const plan = await seedApproved(a, 1);
  const campaigns = await invoke('ConnectorsService', 'GetCampaignsList', {
    as: a.admin,
    accountId: a.accounts.main.ID,
    body: { accountId: a.accounts.main.ID, pageSize: 50 },
  });
  expect(campaigns.body.Response.Items.length).toBeGreaterThan(2);
  const campaign = campaigns.body.Response.Items[0];
  const mapped = await invoke('AccountsService', 'SaveCampaign', {
    as: a.admin,
    accountId: a.accounts.main.ID,
    body: { globalCampaign: { ID: campaign.ID, MediaChannelId: plan.lines[0].ID } },
  });
  expect(mapped.status).toBe(200);
  // The mapping's history move is a job of its own on the queue: run before the next sync.
  expect(held).toEqual([
    expect.objectContaining({ moveHistory: expect.objectContaining({ version: campaign.version + 1 }) }),
  ]);
  await release();

  const second = await syncNow(a, agent.ID);
  expect(second.status).toBe(200);
  await release();
  const rollup = await readLineRollup(a.companyId, plan.lines[0].ID, '2000-01-01', '2999-12-31');
  expect(rollup.length).toBeGreaterThan(20);
  expect(rollup.every((r) => r.Currency === 'ILS')).toBe(true);
  expect(rollup.reduce((s, r) => s + r.Impressions, 0)).toBeGreaterThan(0);
  expect((await listSyncRuns(a.companyId, { agentConnectorId: agent.ID })).map((r) => r.Status)).toEqual(['OK', 'OK']);
  // Two whole syncs, the second backfilling to the plan's flight start, eleven months back: ~30 s
  // alone, up to 120 s in a whole parallel run; a guard against a hang, with room for a slower machine.
}, 300_000);

it('lets a Sync now through once the last one has held its connector too long (a job lost on the way)', async () => {
  const agent = await metaConnection(a, 'Meta — lost job', '2020000002');
  const t0 = Date.now();
  await syncAgentConnectorNowFor(a.admin, agent.ID, t0);
  await expect(syncAgentConnectorNowFor(a.admin, agent.ID, t0 + SYNC_NOW_HOLD_MS - 1000)).rejects.toMatchObject({
    code: 'SYNC_ALREADY_RUNNING',
  });
  const later = await syncAgentConnectorNowFor(a.admin, agent.ID, t0 + SYNC_NOW_HOLD_MS + 1);
  expect(later.Jobs).toBe(1);
  expect(held.filter((j) => j.agentConnectorId === agent.ID)).toHaveLength(2);
  held.length = 0;
});

it('takes the request back when the queue refuses the jobs, so the next click is not refused', async () => {
  const agent = await metaConnection(a, 'Meta — queue down', '2020000003');
  syncNowHooks.local = {
    send: async () => {
      throw new Error('queue down');
    },
  };
  try {
    expect((await syncNow(a, agent.ID)).status).toBe(500);
  } finally {
    syncNowHooks.local = gate;
  }
  expect(await getSyncRequest(a.companyId, agent.ID)).toBeUndefined();
  expect((await syncNow(a, agent.ID)).status).toBe(200);
  held.length = 0;
});

describe('refusals', () => {
  it("another company's connection: 404, and nothing queued", async () => {
    const agent = await metaConnection(a, 'Meta — not yours', undefined);
    const r = await syncNow(b, agent.ID);
    expect(r.status).toBe(404);
    expect(r.body.ErrorCode).toBe('NOT_FOUND');
    expect(held).toEqual([]);
  });

  it('no ad account linked: 409 saying to link accounts first', async () => {
    const agent = await metaConnection(a, 'Meta — unlinked', undefined);
    const r = await syncNow(a, agent.ID);
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({
      ErrorCode: 'SYNC_NO_LINKED_ACCOUNTS',
      ErrorParams: { connector: 'Meta — unlinked' },
    });
    expect(r.body.ErrorMessage).toMatch(/link accounts first/);
  });

  it('an archived connection, a CSV upload one, one whose connector is switched off: 409 each', async () => {
    const gone = await metaConnection(a, 'Meta — archived', undefined);
    await archiveAgentConnectorFor(a.admin, gone.ID);
    expect((await syncNow(a, gone.ID)).body).toMatchObject({
      ErrorCode: 'ENTITY_ARCHIVED',
      ErrorParams: { entity: 'AgentConnector', id: gone.ID },
    });

    const csv = await saveAgentConnectorFor(a.admin, { ID: 0, ConnectorId: 4, Name: 'CSV — files' });
    expect((await syncNow(a, csv.ID)).body).toMatchObject({
      ErrorCode: 'SYNC_NOT_SUPPORTED',
      ErrorParams: { connector: 'CSV — files' },
    });

    const off = await metaConnection(a, 'Meta — switched off', '2020000004');
    await saveGlobalConnectorFor(a.admin, { ID: 2, Name: 'Meta Ads', Active: false });
    try {
      const r = await syncNow(a, off.ID);
      expect(r.status).toBe(409);
      expect(r.body).toMatchObject({ ErrorCode: 'CONNECTOR_INACTIVE', ErrorParams: { connector: 'Meta Ads' } });
    } finally {
      await saveGlobalConnectorFor(a.admin, { ID: 2, Name: 'Meta Ads', Active: true });
    }
    expect(held).toEqual([]);
  });

  it('needs GeneralSettings: a planner is refused (403)', async () => {
    const agent = await metaConnection(a, 'Meta — planner', undefined);
    expect((await syncNow(a, agent.ID, a.planner)).status).toBe(403);
  });
});

describe('a link save queues a sync of what it changed, under the Sync now hold', () => {
  const saveLink = (as: Company['admin'], body: Record<string, unknown>) =>
    invoke('ConnectorsService', 'SaveAccountConnector', {
      as,
      accountId: a.accounts.main.ID,
      body: { accountConnector: body },
    });

  it("queues one sync for the ad accounts it changed, none for another link's, and no second one while it is under way", async () => {
    const agent = await metaConnection(a, 'Meta — link saves', '2020000005');
    // Another account's link on the same connection: a save of the main account's link never syncs it.
    const other = await saveAccountConnectorFor(a.admin, a.accounts.other.ID, {
      ID: 0,
      AccountId: a.accounts.other.ID,
      AgentConnectorId: agent.ID,
      ExternalAccountIds: ['2020000006'],
      NamingRule: '',
    });
    expect(other.Sync).toBe('queued');
    expect(held.map((j) => j.externalAccountId)).toEqual(['2020000006']);
    held.length = 0;
    await deleteSyncRequest(a.companyId, (await getSyncRequest(a.companyId, agent.ID))!);
    const link = (
      await invoke('ConnectorsService', 'GetAccountConnectorsList', {
        as: a.admin,
        accountId: a.accounts.main.ID,
        body: {},
      })
    ).body.Response.Items.find((l: { AgentConnectorId: number }) => l.AgentConnectorId === agent.ID);

    const first = await saveLink(a.admin, {
      ...link,
      ExternalAccountIds: ['2020000005', '2020000007'],
      NamingRule: '',
    });
    expect(first.status).toBe(200);
    expect(first.body.Response.Sync).toBe('queued');
    expect(held).toEqual([
      {
        companyId: a.companyId,
        agentConnectorId: agent.ID,
        externalAccountId: '2020000007',
        connectorType: 'meta_ads',
      },
    ]);

    let version = first.body.Response.version;
    for (const rule of ['\\[L(\\d+)\\]', '\\{(\\d+)\\}', '#(\\d+)']) {
      const again = await saveLink(a.admin, {
        ...link,
        ExternalAccountIds: ['2020000005', '2020000007'],
        NamingRule: rule,
        version,
      });
      expect(again.status).toBe(200);
      expect(again.body.Response.Sync).toBe('underWay');
      version = again.body.Response.version;
    }
    expect(held).toHaveLength(1);
    // Sync now keeps the same hold.
    expect((await syncNow(a, agent.ID)).body.ErrorCode).toBe('SYNC_ALREADY_RUNNING');
    held.length = 0;
  });

  it('a caller without Sync now saves the link and queues nothing: the next scheduled sync applies it', async () => {
    const agent = await metaConnection(a, 'Meta — planner link', undefined);
    const saved = await invoke('ConnectorsService', 'SaveAccountConnector', {
      as: a.planner,
      accountId: a.accounts.sub.ID,
      body: {
        accountConnector: {
          ID: 0,
          AccountId: a.accounts.sub.ID,
          AgentConnectorId: agent.ID,
          ExternalAccountIds: ['2020000008'],
          NamingRule: '',
        },
      },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.Response.Sync).toBe('nextScheduledRun');
    expect(held).toEqual([]);
    expect(await getSyncRequest(a.companyId, agent.ID)).toBeUndefined();
  });
});

it("Test connection of an expired Meta token: NoAccess, Meta's code said once, its kind and code recorded for the console's words", async () => {
  const agent = await saveAgentConnectorFor(a.admin, {
    ID: 0,
    ConnectorId: 2,
    Name: 'Meta — expired',
    Credentials: { accessToken: META_FAKE_EXPIRED_TOKEN },
  });
  const tested = await testAgentConnectionFor(a.admin, agent.ID);
  expect(tested).toMatchObject({ Status: 'NoAccess', LastErrorKind: 'auth', LastErrorCode: '190/463' });
  expect(tested.LastError.split('190/463')).toHaveLength(2);
  expect(await getAgentConnector(a.companyId, agent.ID, true)).toMatchObject({
    LastError: tested.LastError,
    LastErrorKind: 'auth',
    LastErrorCode: '190/463',
  });
});
