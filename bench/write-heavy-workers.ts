import { inParallel } from '../lambdas/core/in-parallel';
import { Permission, Role, ROLE_PRESETS } from '../lambdas/shared/permissions';
import { CSV_TEMPLATE_HEADER } from '../lambdas/shared/connectors';
import { createDemoUser } from '../local/seed';
import type { LocalStack } from '../local/start';
import { accessToken } from './accounts-list';
import { postJson } from './api-client';

/** The write-heavy run's users and their work (bench/write-heavy.ts). */
export type Call = <T = any>(route: string, body: unknown, accountId?: number) => Promise<T>;

/** Calls as `token`'s user, timing each under `kind`; a non-2xx answer is an error, recorded and thrown. */
export function caller(apiUrl: string, token: string, kind: string, tally: Tally): Call {
  return async (route, body, accountId) => {
    const t0 = performance.now();
    const res = await postJson<any>(
      `${apiUrl}/${route}`,
      { authorization: `Bearer ${token}`, ...(accountId ? { 'x-account-id': String(accountId) } : {}) },
      body,
    );
    const ok = res.status < 300 && res.body.Success;
    tally.add(
      kind,
      performance.now() - t0,
      ok ? null : `${route} ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`,
    );
    if (!ok) throw new Error(`${route} answered ${res.status}`);
    return res.body.Response;
  };
}

export class Tally {
  readonly times = new Map<string, number[]>();
  readonly errors: string[] = [];
  add(kind: string, ms: number, error: string | null) {
    const list = this.times.get(kind) ?? [];
    list.push(ms);
    this.times.set(kind, list);
    if (error) this.errors.push(`${kind}: ${error}`);
  }
}

export async function users(stack: LocalStack, prefix: string, n: number, role: Role): Promise<string[]> {
  const opts = {
    tableName: stack.tableName,
    dynamoEndpoint: stack.dynamoEndpoint,
    cognitoEndpoint: stack.cognitoEndpoint,
    userPoolId: stack.userPoolId,
    clientId: stack.clientId,
  };
  return inParallel(
    Array.from({ length: n }, (_, i) => i),
    async (i) => {
      const email = `${prefix}-${String(i).padStart(2, '0')}@demo.mixdesk.test`;
      const permissions: Permission[] = ROLE_PRESETS[role];
      await createDemoUser(
        opts,
        {
          email,
          name: `${prefix} ${i}`,
          companyId: 1,
          roleId: role,
          permissions,
          isSystemAdmin: false,
          accounts: 'all',
        },
        'all',
      );
      return (await accessToken(stack.cognitoEndpoint, stack.clientId, email)).token;
    },
    8,
  );
}

interface Line {
  id: number;
  version: number;
  body: Record<string, unknown>;
  /** The budget of the last write the API acknowledged. */
  acked: number;
}

export interface Plan {
  accountId: number;
  versionId: number;
  lines: Line[];
}

const DATES = { StartDate: '2026-12-01', EndDate: '2027-01-31' };

/** A Draft plan of `lines` lines on the demo's Hadar Insurance, made through the API as `call`'s user. */
export async function draftPlan(call: Call, name: string, lines: number): Promise<Plan> {
  const accounts = await call<{ Items: { ID: number; Name: string }[] }>('AccountsService/GetAccountsList', {
    mainAccountId: -1,
  });
  const hadar = accounts.Items.find((a) => a.Name === 'Hadar Insurance')!;
  const types = (
    await call<{ Items: { ID: number; Name: string; DefaultBuyType: string; Active: boolean }[] }>(
      'AccountsService/InitAccountChannelTypes',
      { reload: false },
      hadar.ID,
    )
  ).Items.filter((t) => t.Active);
  const activity = await call<{ ID: number }>(
    'ActivitiesService/SaveActivity',
    { activity: { ID: 0, AccountId: hadar.ID, Name: name, ...DATES, Budget: 1_000_000 } },
    hadar.ID,
  );
  const version = await call<{ ID: number }>(
    'MediaMixService/SaveMediaMix',
    { mediaMix: { ID: 0, ActivityId: activity.ID, Name: name } },
    hadar.ID,
  );
  const out: Line[] = [];
  for (let i = 0; i < lines; i++) {
    const type = types[i % types.length];
    const body = {
      MediaMixId: version.ID,
      AccountChannelTypeId: type.ID,
      Name: `${type.Name} ${i + 1}`,
      ...DATES,
      BuyType: type.DefaultBuyType,
      UnitCost: 2,
      ImageCreatives: 0,
      VideoCreatives: 0,
    };
    const saved = await call<{ ID: number; version: number }>(
      'AccountsService/SaveMediaChannel',
      { mediaChannel: { ID: 0, ...body, Budget: 5000 } },
      hadar.ID,
    );
    out.push({ id: saved.ID, version: saved.version, body, acked: 5000 });
  }
  return { accountId: hadar.ID, versionId: version.ID, lines: out };
}

const until = (deadline: number) => performance.now() < deadline;

/** A planner: one line after another, each write a new budget with the version the last answer gave. */
export async function plannerLoop(call: Call, plan: Plan, deadline: number, seed: number): Promise<number> {
  let writes = 0;
  for (let i = 0; until(deadline); i++) {
    const line = plan.lines[i % plan.lines.length];
    const budget = 1000 + ((seed * 7919 + i * 104729) % 90_000);
    const saved = await call<{ version: number; Budget: number }>(
      'AccountsService/SaveMediaChannel',
      { mediaChannel: { ID: line.id, ...line.body, Budget: budget, version: line.version } },
      plan.accountId,
    );
    line.version = saved.version;
    line.acked = budget;
    writes++;
  }
  return writes;
}

/** An approver: approves each plan submitted to them, then reads the inbox until the deadline. */
export async function approverLoop(call: Call, plans: Plan[], deadline: number): Promise<number[]> {
  const approved: number[] = [];
  for (const p of plans) {
    const info = await call<{ version: number }>(
      'MediaMixService/GetMediaMixInfo',
      { mediaMixId: p.versionId },
      p.accountId,
    );
    await call('MediaMixService/ApproveMediaMix', { mediaMixId: p.versionId, version: info.version }, p.accountId);
    approved.push(p.versionId);
  }
  while (until(deadline)) await call('ApprovalsService/GetApprovalInbox', {});
  return approved;
}

/** Sync now on the demo's Google Ads connection; resolves when its LastSyncAt passes the request. */
export async function fullSync(call: Call, deadlineAfter: number): Promise<string> {
  const list = await call<{ Items: { ID: number; Name: string; Status: string; LastSyncAt: string | null }[] }>(
    'ConnectorsService/GetAgentConnectorsList',
    {},
  );
  const agent = list.Items.find((a) => a.Status === 'OK' && /Google Ads — Demo/.test(a.Name));
  if (!agent) throw new Error('the demo has no Google Ads connection that tests OK');
  const asked = await call<{ RequestedAt: string; Jobs: number }>('ConnectorsService/SyncAgentConnectorNow', {
    agentConnectorId: agent.ID,
  });
  while (performance.now() < deadlineAfter) {
    const now = await call<{ Items: { ID: number; LastSyncAt: string | null }[] }>(
      'ConnectorsService/GetAgentConnectorsList',
      {},
    );
    const at = now.Items.find((a) => a.ID === agent.ID)?.LastSyncAt;
    if (at && at > asked.RequestedAt) return `${asked.Jobs} job(s), done at ${at}`;
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error('the sync did not finish in time');
}

export const CSV_ROWS = 1000;

/** A CSV connection linked to Hadar Insurance, then an import of CSV_ROWS daily rows; its stored run. */
export async function csvImport(call: Call, accountId: number): Promise<{ Status: string; RowsWritten: number }> {
  const agent = await call<{ ID: number }>('ConnectorsService/SaveAgentConnector', {
    agentConnector: { ID: 0, ConnectorId: 4, Name: `Bench CSV ${Date.now() % 100000}` },
  });
  await call(
    'ConnectorsService/SaveAccountConnector',
    {
      accountConnector: {
        ID: 0,
        AccountId: accountId,
        AgentConnectorId: agent.ID,
        ExternalAccountIds: ['bench-csv-1'],
        NamingRule: '',
      },
    },
    accountId,
  );
  const lines = [CSV_TEMPLATE_HEADER];
  for (let d = 0; d < 20; d++) {
    const day = new Date(Date.UTC(2026, 10, 1 + d)).toISOString().slice(0, 10);
    for (let c = 0; c < CSV_ROWS / 20; c++)
      lines.push(`${day},google_ads,bench-csv-1,k${c},Campaign ${c},1000,10,${(c + 1) * 1.5},ILS,2,50.5,0`);
  }
  const text = lines.join('\n');
  const form = await call<{ Url: string; Fields: Record<string, string>; ImportId: string }>(
    'ConnectorsService/GetCsvUploadUrl',
    { agentConnectorId: agent.ID, fileName: 'bench.csv', size: Buffer.byteLength(text) },
    accountId,
  );
  const body = new FormData();
  for (const [k, v] of Object.entries(form.Fields)) body.append(k, v);
  body.append('file', new Blob([text], { type: 'text/csv' }), 'bench.csv');
  const res = await fetch(form.Url, { method: 'POST', body });
  if (res.status >= 300) throw new Error(`the CSV upload answered ${res.status}`);
  await call(
    'ConnectorsService/ImportCampaignStatsCsv',
    { agentConnectorId: agent.ID, importId: form.ImportId, fileName: 'bench.csv' },
    accountId,
  );
  for (;;) {
    const run = await call<{ Status: string; RowsWritten: number }>(
      'ConnectorsService/GetCsvImport',
      { importId: form.ImportId },
      accountId,
    );
    if (run.Status !== 'Running') return run;
    await new Promise((r) => setTimeout(r, 1000));
  }
}
