import { QueryCommand } from '../../lambdas/aws/dynamodb/commands';
import { ddb, tableName } from '../../lambdas/aws/dynamodb/client';
import { keys } from '../../lambdas/aws/dynamodb/keys';
import { invoke, makeCompany, type Company, type Reply } from '../support/world';

let c: Company;
beforeAll(async () => {
  c = await makeCompany('Activities Agency');
});

type Who = Company['planner'];
interface ActivityReply {
  ID: number;
  Status: number;
  version: number;
  [k: string]: unknown;
}

const flight = (co: Company, extra: Record<string, unknown> = {}) => ({
  ID: 0,
  AccountId: co.accounts.main.ID,
  SubAccountId: null,
  Name: 'Spring flight',
  Objective: 'Awareness for the spring range',
  StartDate: '2026-03-01',
  EndDate: '2026-03-31',
  Budget: 10000,
  ...extra,
});

async function save(
  co: Company,
  activity: Record<string, unknown>,
  as: Who = co.planner,
  accountId: number = co.accounts.main.ID,
): Promise<Reply> {
  return invoke('ActivitiesService', 'SaveActivity', { as, accountId, body: { activity } });
}

async function create(co: Company, extra: Record<string, unknown> = {}): Promise<ActivityReply> {
  const r = await save(co, flight(co, extra));
  expect(r.body.ErrorMessage).toBeUndefined();
  return r.body.Response;
}

const setStatus = (co: Company, a: { ID: number; version: number }, status: number, as: Who = co.planner) =>
  invoke('ActivitiesService', 'SetActivityStatus', {
    as,
    accountId: co.accounts.main.ID,
    body: { activityId: a.ID, status, version: a.version },
  });

const list = (
  co: Company,
  body: Record<string, unknown>,
  as: Who = co.planner,
  accountId: number = co.accounts.main.ID,
) =>
  invoke('ActivitiesService', 'GetActivitiesList', {
    as,
    accountId,
    body: { accountId: co.accounts.main.ID, ...body },
  });

const names = (r: Reply) => r.body.Response.Items.map((a: { Name: string }) => a.Name);

describe('ActivitiesService.SaveActivity', () => {
  it('creates a Draft with the next id, version 1 and an audit entry; the sub-account is named', async () => {
    const r = await save(c, flight(c, { SubAccountId: c.accounts.sub.ID, Budget: '12500.50' }));
    expect(r.status).toBe(200);
    const a = r.body.Response;
    expect(a).toMatchObject({
      AccountId: c.accounts.main.ID,
      SubAccountId: c.accounts.sub.ID,
      SubAccountName: 'Main Client Sub',
      Name: 'Spring flight',
      Budget: 12500.5,
      Status: 1,
      Archived: false,
      version: 1,
      createdBy: c.planner.email,
      updatedBy: c.planner.email,
    });
    expect(a).not.toHaveProperty('BudgetMinor');
    const audit = await ddb().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
        ExpressionAttributeValues: { ':pk': keys.auditPk(c.companyId), ':p': `Activity#${a.ID}#` },
      }),
    );
    expect(audit.Items).toHaveLength(1);
    expect(audit.Items![0]).toMatchObject({
      action: 'create',
      who: c.planner.email,
      before: null,
      after: { Name: 'Spring flight', Status: 1 },
    });
  });

  it('ignores a Status sent with the activity: a new one is always Draft', async () => {
    const r = await save(c, { ...flight(c), Status: 3 });
    expect(r.body.Response.Status).toBe(1);
  });

  it.each([
    [{ EndDate: '2026-02-28' }, 'activity.EndDate: must be on or after StartDate'],
    [{ StartDate: '2026-02-30' }, 'activity.StartDate: is not a real date'],
    [{ StartDate: '2026-3-1' }, 'activity.StartDate: must be a date as YYYY-MM-DD'],
    [{ Budget: 100.555 }, 'activity.Budget: may have at most 2 decimals'],
    [{ Budget: -1 }, 'activity.Budget: must be 0 or more'],
    [{ Budget: 'lots' }, 'activity.Budget'],
    [{ Name: '' }, 'activity.Name: is required'],
    [{ Objective: 'x'.repeat(501) }, 'activity.Objective: must be at most 500 characters'],
    [{ AccountId: undefined }, 'activity.AccountId'],
  ])('refuses %j by name', async (extra, message) => {
    const r = await save(c, flight(c, extra));
    expect(r.status).toBe(400);
    expect(r.body.ErrorMessage).toContain(message);
  });

  it('accepts a zero budget and a one-day flight', async () => {
    const r = await save(c, flight(c, { Budget: 0, StartDate: '2026-05-05', EndDate: '2026-05-05' }));
    expect(r.status).toBe(200);
  });

  it('books on the main account of the page only, and a sub-account only of that main account', async () => {
    const asSub = await save(c, flight(c, { AccountId: c.accounts.sub.ID }), c.planner, c.accounts.sub.ID);
    expect(asSub.status).toBe(400);
    expect(asSub.body.ErrorMessage).toContain(`activity.AccountId: account ${c.accounts.sub.ID} is a sub-account`);
    const foreignSub = await save(c, flight(c, { SubAccountId: c.accounts.other.ID }));
    expect(foreignSub.status).toBe(400);
    expect(foreignSub.body.ErrorMessage).toContain(
      `activity.SubAccountId: account ${c.accounts.other.ID} is not a sub-account of account ${c.accounts.main.ID}`,
    );
    const otherAccount = await save(c, flight(c, { AccountId: c.accounts.other.ID }));
    expect(otherAccount.status).toBe(403);
  });

  it('a sub-account page may book on its own sub-account', async () => {
    const r = await save(
      c,
      flight(c, { SubAccountId: c.accounts.sub.ID, Name: 'From the sub page' }),
      c.planner,
      c.accounts.sub.ID,
    );
    expect(r.status).toBe(200);
    expect(r.body.Response.SubAccountId).toBe(c.accounts.sub.ID);
  });

  it('updates from the version read; a stale version gets 409 and the first save stays', async () => {
    const a = await create(c, { Name: 'Editable' });
    const first = await save(c, { ...flight(c), ID: a.ID, version: 1, Name: 'Edited', Budget: 2000 });
    expect(first.status).toBe(200);
    expect(first.body.Response).toMatchObject({ Name: 'Edited', Budget: 2000, version: 2, Status: 1 });
    const stale = await save(c, { ...flight(c), ID: a.ID, version: 1, Name: 'Lost update' });
    expect(stale.status).toBe(409);
    expect(stale.body.ErrorMessage).toMatch(/changed by someone else/);
    const info = await invoke('ActivitiesService', 'GetActivityInfo', {
      as: c.planner,
      accountId: c.accounts.main.ID,
      body: { activityId: a.ID },
    });
    expect(info.body.Response).toMatchObject({ Name: 'Edited', version: 2 });
  });

  it('needs the version to update, and never moves an activity to another main account', async () => {
    const a = await create(c);
    const noVersion = await save(c, { ...flight(c), ID: a.ID });
    expect(noVersion.status).toBe(400);
    expect(noVersion.body.ErrorMessage).toContain('activity.version');
    const moved = await save(
      c,
      { ...flight(c), ID: a.ID, version: 1, AccountId: c.accounts.other.ID },
      c.planner,
      c.accounts.other.ID,
    );
    expect(moved.status).toBe(403); // the activity is not part of the other account's page
    const movedHere = await save(c, { ...flight(c), ID: a.ID, version: 1, AccountId: c.accounts.other.ID });
    expect(movedHere.status).toBe(400);
    expect(movedHere.body.ErrorMessage).toContain(
      'activity.AccountId: an activity cannot move to another main account',
    );
    const unknown = await save(c, { ...flight(c), ID: 987654, version: 1 });
    expect(unknown.status).toBe(404);
  });

  it('two concurrent saves of one version: exactly one wins', async () => {
    const co = await makeCompany();
    const a = await create(co);
    const results = await Promise.all(
      ['One', 'Two', 'Three'].map((Name) => save(co, { ...flight(co), ID: a.ID, version: 1, Name })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
  });
});

describe('client users read only their own account', () => {
  it('refuses every write to a client user (403) and lets them read', async () => {
    const a = await create(c, { Name: 'Client visible' });
    const body = { activityId: a.ID };
    const writes: Reply[] = [
      await save(c, flight(c), c.client),
      await save(c, { ...flight(c), ID: a.ID, version: a.version }, c.client),
      await setStatus(c, a, 2, c.client),
      await invoke('ActivitiesService', 'DeleteActivity', { as: c.client, accountId: c.accounts.main.ID, body }),
      await invoke('ActivitiesService', 'RestoreActivity', { as: c.client, accountId: c.accounts.main.ID, body }),
    ];
    for (const r of writes) {
      expect(r.status).toBe(403);
      expect(r.body.ErrorMessage).toBe('Required permission missing: client users cannot change this');
    }
    const info = await invoke('ActivitiesService', 'GetActivityInfo', {
      as: c.client,
      accountId: c.accounts.main.ID,
      body,
    });
    expect(info.status).toBe(200);
    expect(names(await list(c, {}, c.client))).toContain('Client visible');
  });

  it("sees no other account's activities: not by the list, not by id", async () => {
    const other = await save(
      c,
      flight(c, { AccountId: c.accounts.other.ID, Name: 'Other client flight' }),
      c.planner,
      c.accounts.other.ID,
    );
    expect(other.status).toBe(200);
    const otherList = await invoke('ActivitiesService', 'GetActivitiesList', {
      as: c.client,
      accountId: c.accounts.other.ID,
      body: { accountId: c.accounts.other.ID },
    });
    expect(otherList.status).toBe(403);
    const byList = await invoke('ActivitiesService', 'GetActivitiesList', {
      as: c.client,
      accountId: c.accounts.main.ID,
      body: { accountId: c.accounts.other.ID },
    });
    expect(byList.status).toBe(403);
    const byId = await invoke('ActivitiesService', 'GetActivityInfo', {
      as: c.client,
      accountId: c.accounts.main.ID,
      body: { activityId: other.body.Response.ID },
    });
    expect(byId.status).toBe(403);
    expect(byId.body.ErrorMessage).toBe(
      `Activity ${other.body.Response.ID} is not part of account ${c.accounts.main.ID}`,
    );
    expect(names(await list(c, {}, c.client))).not.toContain('Other client flight');
  });

  it("answers another company's activity id with 404", async () => {
    const a = await create(c);
    const b = await makeCompany('Prober');
    // Keyed by the caller's company: company B's own page cannot reach company A's activity id.
    const r = await invoke('ActivitiesService', 'GetActivityInfo', {
      as: b.admin,
      accountId: b.accounts.main.ID,
      body: { activityId: a.ID },
    });
    expect(r.status).toBe(404);
    expect(r.body.ErrorMessage).toBe(`Activity ${a.ID} was not found`);
    // Ids are per company, so B has an account with A's main-account id: still only B's items are reachable.
    const probe = await invoke('ActivitiesService', 'GetActivityInfo', {
      as: b.admin,
      accountId: c.accounts.main.ID,
      body: { activityId: a.ID },
    });
    expect(probe.status).toBe(404);
  });
});

describe('ActivitiesService.SetActivityStatus', () => {
  const NAMES = ['', 'Draft', 'Planned', 'Live', 'Completed', 'Cancelled'];
  /** The lifecycle as docs/domain.md states it, written out independently of the code. */
  const LEGAL = new Set(['1>2', '1>5', '2>3', '2>1', '2>5', '3>4', '3>5']);
  /** A legal way to bring a new Draft to each status. */
  const PATH: Record<number, number[]> = { 1: [], 2: [2], 3: [2, 3], 4: [2, 3, 4], 5: [5] };
  let co: Company;
  beforeAll(async () => {
    co = await makeCompany('Lifecycle Agency');
  });

  const pairs = [1, 2, 3, 4, 5].flatMap((from) => [1, 2, 3, 4, 5].map((to) => [from, to] as const));
  it.each(pairs)('from %i to %i', async (from, to) => {
    let a: ActivityReply = await create(co, { Name: `${NAMES[from]} to ${NAMES[to]}` });
    for (const step of PATH[from]) {
      const r = await setStatus(co, a, step);
      expect(r.status).toBe(200);
      a = r.body.Response;
    }
    expect(a.Status).toBe(from);
    const r = await setStatus(co, a, to);
    if (LEGAL.has(`${from}>${to}`)) {
      expect(r.status).toBe(200);
      expect(r.body.Response).toMatchObject({ Status: to, version: a.version + 1 });
    } else {
      expect(r.status).toBe(409);
      expect(r.body.ErrorMessage).toBe(`Cannot move an activity from ${NAMES[from]} to ${NAMES[to]}`);
      const info = await invoke('ActivitiesService', 'GetActivityInfo', {
        as: co.planner,
        accountId: co.accounts.main.ID,
        body: { activityId: a.ID },
      });
      expect(info.body.Response).toMatchObject({ Status: from, version: a.version });
    }
  });

  it('names Live and Draft in the refusal of Live → Draft', async () => {
    let a: ActivityReply = await create(co);
    for (const s of [2, 3]) a = (await setStatus(co, a, s)).body.Response;
    const r = await setStatus(co, a, 1);
    expect(r.body).toEqual({
      Success: false,
      ErrorMessage: 'Cannot move an activity from Live to Draft',
      ErrorCode: 'ACTIVITY_STATUS_MOVE',
      ErrorParams: { fromStatus: 3, toStatus: 1 }, // Live → Draft
    });
  });

  it('refuses a stale version (409), an unknown status (400) and a deleted activity (409)', async () => {
    const a = await create(co);
    const moved = await setStatus(co, a, 2);
    expect(moved.status).toBe(200);
    const stale = await setStatus(co, a, 5);
    expect(stale.status).toBe(409);
    expect(stale.body.ErrorMessage).toMatch(/changed by someone else/);
    for (const status of [0, 6, -1]) {
      const bad = await setStatus(co, moved.body.Response, status);
      expect(bad.status).toBe(400);
      expect(bad.body.ErrorMessage).toContain('status: must be an activity status from 1 (Draft) to 5 (Cancelled)');
    }
    const deleted = await invoke('ActivitiesService', 'DeleteActivity', {
      as: co.planner,
      accountId: co.accounts.main.ID,
      body: { activityId: a.ID },
    });
    expect(deleted.status).toBe(200);
    const r = await setStatus(co, deleted.body.Response, 3);
    expect(r.status).toBe(409);
    expect(r.body.ErrorMessage).toMatch(/deleted; restore it/);
  });
});

describe('ActivitiesService.GetActivitiesList', () => {
  let co: Company;
  beforeAll(async () => {
    co = await makeCompany('Dates Agency');
    const flights: [string, string, string, number?][] = [
      ['March', '2026-03-01', '2026-03-31'],
      ['Straddles start', '2026-02-15', '2026-03-05'],
      ['Straddles end', '2026-03-25', '2026-04-10'],
      ['April', '2026-04-01', '2026-04-30'],
      ['Whole year', '2026-01-01', '2026-12-31'],
      ['Last year', '2025-06-01', '2025-06-30'],
    ];
    for (const [Name, StartDate, EndDate] of flights) await create(co, { Name, StartDate, EndDate });
    await create(co, {
      Name: 'Sub flight',
      SubAccountId: co.accounts.sub.ID,
      StartDate: '2026-03-10',
      EndDate: '2026-03-20',
    });
  });

  it('lists every flight of the main account and its sub-accounts, newest start first, with SubAccountName', async () => {
    const r = await list(co, {});
    expect(r.status).toBe(200);
    expect(names(r)).toEqual([
      'April',
      'Straddles end',
      'Sub flight',
      'March',
      'Straddles start',
      'Whole year',
      'Last year',
    ]);
    const sub = r.body.Response.Items.find((a: { Name: string }) => a.Name === 'Sub flight');
    expect(sub).toMatchObject({ SubAccountId: co.accounts.sub.ID, SubAccountName: 'Main Client Sub' });
    expect(r.body.Response.Items.find((a: { Name: string }) => a.Name === 'March').SubAccountName).toBeNull();
  });

  it.each([
    [
      'the month of March',
      { fromDate: '2026-03-01', toDate: '2026-03-31' },
      ['Straddles end', 'Sub flight', 'March', 'Straddles start', 'Whole year'],
    ],
    [
      'a range that starts on the last day of a flight',
      { fromDate: '2026-03-05', toDate: '2026-03-06' },
      ['March', 'Straddles start', 'Whole year'],
    ],
    ['a reversed range', { fromDate: '2026-04-15', toDate: '2026-04-01' }, null],
    [
      'a single day at a boundary',
      { fromDate: '2026-04-01', toDate: '2026-04-01' },
      ['April', 'Straddles end', 'Whole year'],
    ],
    ['only fromDate', { fromDate: '2026-04-05' }, ['April', 'Straddles end', 'Whole year']],
    ['only toDate', { toDate: '2026-02-20' }, ['Straddles start', 'Whole year', 'Last year']],
    ['a range with no flight', { fromDate: '2027-01-01', toDate: '2027-01-31' }, []],
    [
      'empty strings (legacy form)',
      { fromDate: '', toDate: '' },
      ['April', 'Straddles end', 'Sub flight', 'March', 'Straddles start', 'Whole year', 'Last year'],
    ],
  ])('overlap with %s', async (_label, dates, expected) => {
    const r = await list(co, dates);
    if (expected === null) {
      expect(r.status).toBe(400);
      expect(r.body.ErrorMessage).toBe('toDate: must be on or after fromDate');
      return;
    }
    expect(r.status).toBe(200);
    expect(names(r)).toEqual(expected);
  });

  it("a sub-account id lists only that sub-account's flights, from the main page or the sub page", async () => {
    const fromMain = await list(co, { accountId: co.accounts.sub.ID });
    expect(names(fromMain)).toEqual(['Sub flight']);
    const fromSub = await list(co, { accountId: co.accounts.sub.ID }, co.planner, co.accounts.sub.ID);
    expect(names(fromSub)).toEqual(['Sub flight']);
    const mainFromSub = await list(co, { accountId: co.accounts.main.ID }, co.planner, co.accounts.sub.ID);
    expect(mainFromSub.status).toBe(403);
    const subFlight = fromMain.body.Response.Items[0];
    const march = (await list(co, { fromDate: '2026-03-01', toDate: '2026-03-01' })).body.Response.Items.find(
      (a: { Name: string }) => a.Name === 'March',
    );
    const viaSub = (id: number) =>
      invoke('ActivitiesService', 'GetActivityInfo', {
        as: co.planner,
        accountId: co.accounts.sub.ID,
        body: { activityId: id },
      });
    expect((await viaSub(subFlight.ID)).status).toBe(200);
    expect((await viaSub(march.ID)).status).toBe(403);
  });

  it('filters by status (-1 any) and refuses an unknown status', async () => {
    const co2 = await makeCompany();
    const a = await create(co2, { Name: 'Planned one' });
    await create(co2, { Name: 'Draft one' });
    expect((await setStatus(co2, a, 2)).status).toBe(200);
    expect(names(await list(co2, { activityStatus: 2 }))).toEqual(['Planned one']);
    expect(names(await list(co2, { activityStatus: 1 }))).toEqual(['Draft one']);
    expect(names(await list(co2, { activityStatus: -1 })).sort()).toEqual(['Draft one', 'Planned one']);
    expect(names(await list(co2, { activityStatus: 4 }))).toEqual([]);
    const bad = await list(co2, { activityStatus: 9 });
    expect(bad.status).toBe(400);
    expect(bad.body.ErrorMessage).toContain('activityStatus');
  });

  it('pages a filtered list in full pages without repeats, and refuses a forged token', async () => {
    const co2 = await makeCompany();
    for (let i = 1; i <= 12; i++) {
      const a = await create(co2, {
        Name: `F${String(i).padStart(2, '0')}`,
        StartDate: `2026-01-${String(i).padStart(2, '0')}`,
        EndDate: '2026-02-28',
      });
      if (i % 2 === 0) await setStatus(co2, a, 5);
    }
    const seen: string[] = [];
    const sizes: number[] = [];
    let nextToken: string | null = null;
    do {
      const r: Reply = await list(co2, { activityStatus: 1, pageSize: 2, nextToken });
      expect(r.status).toBe(200);
      sizes.push(r.body.Response.Items.length);
      seen.push(...names(r));
      nextToken = r.body.Response.NextToken;
    } while (nextToken && sizes.length < 10);
    expect(seen).toEqual(['F11', 'F09', 'F07', 'F05', 'F03', 'F01']);
    expect(sizes.slice(0, 3)).toEqual([2, 2, 2]);
    const forged = Buffer.from(
      JSON.stringify({
        k: { pk: 'C#1', sk: 'ACTIVITY#0000000001', gsi1pk: 'C#1#ACTIVITIES#1', gsi1sk: '2026-01-01#0000000001' },
      }),
    ).toString('base64url');
    const r = await list(co2, { nextToken: forged });
    expect(r.status).toBe(400);
    expect(r.body.ErrorMessage).toContain('nextToken');
    // A token of this very list with an extra key attribute is refused too (not a 500 from DynamoDB).
    const first = await list(co2, { pageSize: 1 });
    const k = JSON.parse(Buffer.from(first.body.Response.NextToken, 'base64url').toString()).k;
    const padded = Buffer.from(JSON.stringify({ k: { ...k, gsi2pk: 'x' } })).toString('base64url');
    const extra = await list(co2, { pageSize: 1, nextToken: padded });
    expect(extra.status).toBe(400);
  });
});

describe('ActivitiesService.DeleteActivity and RestoreActivity', () => {
  it('archives out of the list (into the archived list) and restores; both are idempotent', async () => {
    const co = await makeCompany();
    const a = await create(co, { Name: 'Short-lived' });
    const call = (method: string) =>
      invoke('ActivitiesService', method, {
        as: co.planner,
        accountId: co.accounts.main.ID,
        body: { activityId: a.ID },
      });
    const deleted = await call('DeleteActivity');
    expect(deleted.body.Response).toMatchObject({ Archived: true, version: 2 });
    expect((await call('DeleteActivity')).body.Response).toMatchObject({ Archived: true, version: 2 });
    expect(names(await list(co, {}))).toEqual([]);
    expect(names(await list(co, { archived: true }))).toEqual(['Short-lived']);
    const edit = await save(co, { ...flight(co), ID: a.ID, version: 2 });
    expect(edit.status).toBe(409);
    expect(edit.body.ErrorMessage).toMatch(/deleted; restore it before editing/);
    const restored = await call('RestoreActivity');
    expect(restored.body.Response).toMatchObject({ Archived: false, version: 3, Status: 1 });
    expect((await call('RestoreActivity')).body.Response.version).toBe(3);
    expect(names(await list(co, {}))).toEqual(['Short-lived']);
    expect(names(await list(co, { archived: true }))).toEqual([]);
    const unknown = await invoke('ActivitiesService', 'DeleteActivity', {
      as: co.planner,
      accountId: co.accounts.main.ID,
      body: { activityId: 999999 },
    });
    expect(unknown.status).toBe(404);
  });

  it('freezes the activities of an archived sub-account until it is restored', async () => {
    const co = await makeCompany();
    const a = await create(co, { SubAccountId: co.accounts.sub.ID });
    const archived = await invoke('AccountsService', 'DeleteAccount', {
      as: co.approver,
      accountId: co.accounts.main.ID,
      body: { accountId: co.accounts.sub.ID },
    });
    expect(archived.status).toBe(200);
    const add = await save(co, flight(co, { SubAccountId: co.accounts.sub.ID }));
    expect(add.status).toBe(409);
    expect(add.body.ErrorMessage).toBe(
      `Sub-account ${co.accounts.sub.ID} is archived; restore it before changing its activities`,
    );
    expect((await setStatus(co, a, 2)).status).toBe(409);
    expect((await save(co, flight(co))).status).toBe(200); // the main account itself is still active
    await invoke('AccountsService', 'RestoreAccount', {
      as: co.approver,
      accountId: co.accounts.main.ID,
      body: { accountId: co.accounts.sub.ID },
    });
    expect((await setStatus(co, a, 2)).status).toBe(200);
  });
});
