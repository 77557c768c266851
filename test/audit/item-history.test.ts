import { getAccount } from '../../lambdas/modules/tenancy/account-store.dynamodb';
import { auditPut } from '../../lambdas/modules/audit/store.dynamodb';
import { transactWrite } from '../../lambdas/aws/dynamodb/transaction';
import { ActivityStatus } from '../../lambdas/shared/activity-status';
import { Role } from '../../lambdas/shared/permissions';
import type { HistoryEntry } from '../../lambdas/modules/history/replies';
import { invoke, makeCompany, makeUser, type Company, type Reply } from '../support/world';

/**
 * AuditService.GetItemHistory on DynamoDB Local: an edit made through the routes is
 * read back newest first with who by name and the changed fields only; another company's ids and
 * items outside the caller's reach are refused.
 */
let a: Company;
let b: Company;
beforeAll(async () => {
  a = await makeCompany('History A', { idOffset: 40 });
  b = await makeCompany('History B');
});

const history = (as: Company['admin'], accountId: number | undefined, body: Record<string, unknown>) =>
  invoke('AuditService', 'GetItemHistory', { as, accountId, body });

function entries(r: Reply): HistoryEntry[] {
  expect(r.body.ErrorMessage).toBeUndefined();
  expect(r.status).toBe(200);
  return r.body.Response.Items as HistoryEntry[];
}

async function rename(id: number, Name: string, as = a.admin) {
  const current = (await getAccount(a.companyId, id, true))!;
  const r = await invoke('AccountsService', 'UpdateAccount', {
    as,
    accountId: id,
    body: { account: { ...current, Name } },
  });
  expect(r.body.ErrorMessage).toBeUndefined();
}

describe('an account edit', () => {
  it('appears first, by name, with the changed field only (before → after)', async () => {
    const id = a.accounts.other.ID;
    await rename(id, 'Other Client Renamed', a.planner);
    const [edit, ...older] = entries(await history(a.planner, id, { entity: 'account', id }));
    expect(edit.Action).toBe('update');
    expect(edit.WhoName).toBe(a.planner.name);
    expect(edit.Changes).toEqual([{ Field: 'Name', Before: 'Other Client', After: 'Other Client Renamed' }]);
    expect(edit.MoreChanges).toBe(0);
    // The create is older: made by the admin, its fields set (no bookkeeping).
    const create = older.at(-1)!;
    expect(create.Action).toBe('create');
    expect(create.WhoName).toBe(a.admin.name);
    expect(create.Changes).toContainEqual({ Field: 'Name', Before: null, After: 'Other Client' });
    const fields = create.Changes.map((c) => c.Field);
    for (const hidden of ['version', 'createdAt', 'updatedBy', 'pk', 'sk']) expect(fields).not.toContain(hidden);
    expect(Date.parse(edit.At)).toBeGreaterThanOrEqual(Date.parse(create.At));
  });

  it('pages newest first with an opaque token; a forged token is a 400 naming nextToken', async () => {
    const id = a.accounts.main.ID;
    await rename(id, 'Main Client One');
    await rename(id, 'Main Client Two');
    const first = await history(a.admin, id, { entity: 'account', id, pageSize: 1 });
    expect(entries(first)[0].Changes).toEqual([{ Field: 'Name', Before: 'Main Client One', After: 'Main Client Two' }]);
    const token = first.body.Response.NextToken as string;
    expect(token).toEqual(expect.any(String));
    const second = await history(a.admin, id, { entity: 'account', id, pageSize: 1, nextToken: token });
    expect(entries(second)[0].Changes).toEqual([{ Field: 'Name', Before: 'Main Client', After: 'Main Client One' }]);
    const forged = Buffer.from(JSON.stringify({ k: { pk: `C#${b.companyId}#AUDIT`, sk: 'Account#1#' } })).toString(
      'base64url',
    );
    const r = await history(a.admin, id, { entity: 'account', id, nextToken: forged });
    expect(r.status).toBe(400);
    expect(r.body.ErrorParams?.field).toBe('nextToken');
  });
});

describe('who may read it', () => {
  it("another company's account id is not found (404), and their account header is refused (403)", async () => {
    const id = a.accounts.other.ID; // ids past b's: idOffset
    const own = await history(b.admin, b.accounts.main.ID, { entity: 'account', id });
    expect(own.status).toBe(404);
    const foreignHeader = await history(b.admin, id, { entity: 'account', id });
    expect(foreignHeader.status).toBe(403);
  });

  it('a user without access to the account is refused, through its header or through another', async () => {
    const outsider = await makeUser(a.companyId, Role.Planner, [], { accountAccess: [a.accounts.other.ID] });
    const viaHeader = await history(outsider, a.accounts.main.ID, { entity: 'account', id: a.accounts.main.ID });
    expect(viaHeader.status).toBe(403);
    expect(viaHeader.body.ErrorCode).toBe('ACCOUNT_NO_ACCESS');
    const viaOwn = await history(outsider, a.accounts.other.ID, { entity: 'account', id: a.accounts.main.ID });
    expect(viaOwn.status).toBe(403);
    expect(viaOwn.body.ErrorCode).toBe('NOT_IN_ACCOUNT');
    // Its own account it may read.
    entries(await history(outsider, a.accounts.other.ID, { entity: 'account', id: a.accounts.other.ID }));
  });

  it('a client-only user is refused (agency staff only)', async () => {
    const r = await history(a.client, a.accounts.main.ID, { entity: 'account', id: a.accounts.main.ID });
    expect(r.status).toBe(403);
    expect(r.body.ErrorCode).toBe('CLIENT_READ_ONLY');
  });

  it("an account's items need the page's account (x-account-id)", async () => {
    const r = await history(a.admin, undefined, { entity: 'account', id: a.accounts.main.ID });
    expect(r.status).toBe(400);
    expect(r.body.ErrorParams?.field).toBe('x-account-id');
  });

  it('the global channel types are for system admins; exchange rates and users need GeneralSettings', async () => {
    const types = await history(a.planner, undefined, { entity: 'channelType', id: 1 });
    expect(types.status).toBe(403);
    expect(types.body.ErrorCode).toBe('PERMISSION_MISSING');
    const rates = await history(a.planner, undefined, { entity: 'exchangeRate', id: 'USD-ILS-2026-01-01' });
    expect(rates.status).toBe(403);
    const users = await history(a.planner, undefined, { entity: 'user', id: a.planner.sub });
    expect(users.status).toBe(403);
    const admins = await history(a.admin, undefined, { entity: 'user', id: a.planner.sub });
    expect(admins.status).toBe(200);
    const otherCompanyUser = await history(a.admin, undefined, { entity: 'user', id: b.planner.sub });
    expect(otherCompanyUser.status).toBe(404);
  });

  it("the configuration is the caller's company's only", async () => {
    const mine = await history(a.planner, undefined, { entity: 'configuration', id: a.companyId });
    expect(mine.status).toBe(200);
    const theirs = await history(a.planner, undefined, { entity: 'configuration', id: b.companyId });
    expect(theirs.status).toBe(404);
  });

  it('a non-numeric id of a numbered item is a 400 naming id', async () => {
    const r = await history(a.admin, a.accounts.main.ID, { entity: 'activity', id: 'abc' });
    expect(r.status).toBe(400);
    expect(r.body.ErrorParams?.field).toBe('id');
  });
});

describe('an activity', () => {
  it('shows its budget as an amount (not minor units), read from its own account or the sub-account it is booked on', async () => {
    const save = await invoke('ActivitiesService', 'SaveActivity', {
      as: a.planner,
      accountId: a.accounts.main.ID,
      body: {
        activity: {
          ID: 0,
          AccountId: a.accounts.main.ID,
          SubAccountId: a.accounts.sub.ID,
          Name: 'Summer',
          Objective: 'Awareness',
          StartDate: '2026-06-01',
          EndDate: '2026-06-30',
          Budget: 1000,
        },
      },
    });
    expect(save.body.ErrorMessage).toBeUndefined();
    const created = save.body.Response;
    const edit = await invoke('ActivitiesService', 'SaveActivity', {
      as: a.planner,
      accountId: a.accounts.main.ID,
      body: { activity: { ...created, Budget: 1250.5 } },
    });
    expect(edit.body.ErrorMessage).toBeUndefined();
    const [latest] = entries(await history(a.admin, a.accounts.main.ID, { entity: 'activity', id: created.ID }));
    expect(latest.Changes).toContainEqual({ Field: 'Budget', Before: 1000, After: 1250.5 });
    expect(latest.Changes.map((c) => c.Field)).not.toContain('BudgetMinor');
    expect(latest.Changes.map((c) => c.Field)).not.toContain('version');
    // From the sub-account's page too (the activity is booked on it); not from another account's.
    entries(await history(a.admin, a.accounts.sub.ID, { entity: 'activity', id: created.ID }));
    expect((await history(a.admin, a.accounts.other.ID, { entity: 'activity', id: created.ID })).status).toBe(403);
  });
  it('names accounts by name and an automatic change by its process, not by ids and system addresses', async () => {
    const save = await invoke('ActivitiesService', 'SaveActivity', {
      as: a.planner,
      accountId: a.accounts.main.ID,
      body: {
        activity: {
          ID: 0,
          AccountId: a.accounts.main.ID,
          SubAccountId: a.accounts.sub.ID,
          Name: 'Autumn',
          Objective: 'Leads',
          StartDate: '2026-09-01',
          EndDate: '2026-09-30',
          Budget: 500,
        },
      },
    });
    expect(save.body.ErrorMessage).toBeUndefined();
    const id = save.body.Response.ID as number;
    // The hourly schedule moves a flight's status as the system user (modules/media-plans/activity-schedule.ts).
    await transactWrite([
      auditPut({
        companyId: a.companyId,
        who: 'system:activity-schedule',
        entity: 'Activity',
        id,
        action: 'update',
        before: { Status: ActivityStatus.Planned },
        after: { Status: ActivityStatus.Live },
      }),
    ]);
    const [auto, created] = entries(await history(a.admin, a.accounts.main.ID, { entity: 'activity', id }));
    expect(auto).toMatchObject({
      WhoName: '',
      System: 'activity-schedule',
      Changes: [{ Field: 'Status', Before: 2, After: 3 }],
    });
    expect(created.System).toBeNull();
    expect(created.Changes).toEqual(
      expect.arrayContaining([
        { Field: 'AccountId', Before: null, After: (await getAccount(a.companyId, a.accounts.main.ID))!.Name },
        { Field: 'SubAccountId', Before: null, After: (await getAccount(a.companyId, a.accounts.sub.ID))!.Name },
      ]),
    );
    // An account's own history names its currency's code.
    const [account] = entries(
      await history(a.admin, a.accounts.other.ID, { entity: 'account', id: a.accounts.other.ID }),
    ).slice(-1);
    expect(account.Changes).toContainEqual({ Field: 'Currency', Before: null, After: 'USD' });
  });
});
