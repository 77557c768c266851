import { invoke, makeCompany, type Company, type Reply } from '../support/world';

/**
 * GetAccountsList's ActivitiesCount and PlannedBudget (kept on the account items by every activity
 * change) and its fromDate / toDate / activityStatus filter (answered from the activities).
 */
interface Row {
  ID: number;
  Name: string;
  ActivitiesCount: number;
  PlannedBudget: number;
}

const flight = (co: Company, extra: Record<string, unknown> = {}) => ({
  ID: 0,
  AccountId: co.accounts.main.ID,
  SubAccountId: null,
  Name: 'Flight',
  StartDate: '2026-03-01',
  EndDate: '2026-03-31',
  Budget: 1000,
  ...extra,
});

async function create(co: Company, extra: Record<string, unknown> = {}, page = co.accounts.main.ID) {
  const r = await invoke('ActivitiesService', 'SaveActivity', {
    as: co.planner,
    accountId: page,
    body: { activity: flight(co, { AccountId: page, ...extra }) },
  });
  expect(r.body.ErrorMessage).toBeUndefined();
  return r.body.Response as { ID: number; version: number; [k: string]: unknown };
}

const mainList = async (co: Company, body: Record<string, unknown> = {}, as = co.planner): Promise<Reply> =>
  invoke('AccountsService', 'GetAccountsList', { as, body: { mainAccountId: -1, ...body } });
const subList = async (co: Company, body: Record<string, unknown> = {}, as = co.planner): Promise<Reply> =>
  invoke('AccountsService', 'GetAccountsList', {
    as,
    accountId: co.accounts.main.ID,
    body: { mainAccountId: co.accounts.main.ID, ...body },
  });

const rows = (r: Reply) => {
  expect(r.status).toBe(200);
  return Object.fromEntries(r.body.Response.Items.map((a: Row) => [a.Name, [a.ActivitiesCount, a.PlannedBudget]]));
};

describe('unfiltered list: totals kept on the account items', () => {
  let co: Company;
  beforeAll(async () => {
    co = await makeCompany('Totals Agency');
  });

  it('starts at zero for every account', async () => {
    expect(rows(await mainList(co))).toEqual({ 'Main Client': [0, 0], 'Other Client': [0, 0] });
    expect(rows(await subList(co))).toEqual({ 'Main Client Sub': [0, 0] });
  });

  it("counts a sub-account's flights in its own row and in its main account's row", async () => {
    const own = await create(co, { Budget: 1000.1 });
    const sub = await create(co, { SubAccountId: co.accounts.sub.ID, Budget: 250.25 });
    await create(co, { Budget: 500 }, co.accounts.other.ID);
    expect(rows(await mainList(co))).toEqual({ 'Main Client': [2, 1250.35], 'Other Client': [1, 500] });
    expect(rows(await subList(co))).toEqual({ 'Main Client Sub': [1, 250.25] });

    // A cancelled flight still counts, without its budget; a deleted one does not count at all.
    const planned = await invoke('ActivitiesService', 'SetActivityStatus', {
      as: co.planner,
      accountId: co.accounts.main.ID,
      body: { activityId: sub.ID, status: 5, version: sub.version },
    });
    expect(planned.status).toBe(200);
    expect(rows(await mainList(co))['Main Client']).toEqual([2, 1000.1]);
    expect(rows(await subList(co))['Main Client Sub']).toEqual([1, 0]);
    const del = await invoke('ActivitiesService', 'DeleteActivity', {
      as: co.planner,
      accountId: co.accounts.main.ID,
      body: { activityId: own.ID },
    });
    expect(del.status).toBe(200);
    expect(rows(await mainList(co))['Main Client']).toEqual([1, 0]);
    const back = await invoke('ActivitiesService', 'RestoreActivity', {
      as: co.planner,
      accountId: co.accounts.main.ID,
      body: { activityId: own.ID },
    });
    expect(back.status).toBe(200);
    expect(rows(await mainList(co))['Main Client']).toEqual([2, 1000.1]);
  });

  it('follows a budget edit and a move between the main account and a sub-account', async () => {
    const co2 = await makeCompany();
    const a = await create(co2, { Budget: 100 });
    const save = (extra: Record<string, unknown>, version: number) =>
      invoke('ActivitiesService', 'SaveActivity', {
        as: co2.planner,
        accountId: co2.accounts.main.ID,
        body: { activity: flight(co2, { ID: a.ID, version, ...extra }) },
      });
    expect((await save({ Budget: 175.5 }, 1)).status).toBe(200);
    expect(rows(await mainList(co2))['Main Client']).toEqual([1, 175.5]);
    expect((await save({ Budget: 175.5, SubAccountId: co2.accounts.sub.ID }, 2)).status).toBe(200);
    expect(rows(await mainList(co2))['Main Client']).toEqual([1, 175.5]);
    expect(rows(await subList(co2))['Main Client Sub']).toEqual([1, 175.5]);
    expect((await save({ Budget: 20, SubAccountId: null }, 3)).status).toBe(200);
    expect(rows(await mainList(co2))['Main Client']).toEqual([1, 20]);
    expect(rows(await subList(co2))['Main Client Sub']).toEqual([0, 0]);
  });

  it('sums exactly in minor units: 0.1 + 0.2 is 0.3', async () => {
    const co2 = await makeCompany();
    await create(co2, { Budget: 0.1 });
    await create(co2, { Budget: 0.2 });
    expect(rows(await mainList(co2))['Main Client']).toEqual([2, 0.3]);
  });

  it('survives an account save (the totals are not part of the account form) and concurrent activity saves', async () => {
    const co2 = await makeCompany();
    await Promise.all(
      [1, 2, 3, 4, 5, 6].map((i) => create(co2, { Budget: i * 10, SubAccountId: i % 2 ? co2.accounts.sub.ID : null })),
    );
    expect(rows(await mainList(co2))['Main Client']).toEqual([6, 210]);
    expect(rows(await subList(co2))['Main Client Sub']).toEqual([3, 90]);
    const main = co2.accounts.main;
    const upd = await invoke('AccountsService', 'UpdateAccount', {
      as: co2.planner,
      accountId: main.ID,
      body: { account: { ...main, Name: 'Main Client Renamed', ApplyVat: false }, applayVATToSubAccounts: true },
    });
    expect(upd.status).toBe(200);
    expect(upd.body.Response).not.toHaveProperty('ActivitiesCount');
    expect(rows(await mainList(co2))['Main Client Renamed']).toEqual([6, 210]);
    expect(rows(await subList(co2))['Main Client Sub']).toEqual([3, 90]);
  });

  it('shows a client user the totals of their own account only', async () => {
    expect(Object.keys(rows(await mainList(co, {}, co.client)))).toEqual(['Main Client']);
    expect(rows(await mainList(co, {}, co.client))['Main Client']).toEqual(rows(await mainList(co))['Main Client']);
  });
});

describe('filtered list: accounts with matching activities, totals over those', () => {
  let co: Company;
  beforeAll(async () => {
    co = await makeCompany('Filter Agency');
    await create(co, { Name: 'Main March', Budget: 100 });
    await create(co, { Name: 'Main May', StartDate: '2026-05-01', EndDate: '2026-05-31', Budget: 200 });
    const cancelled = await create(co, { Name: 'Main March cancelled', Budget: 50 });
    await invoke('ActivitiesService', 'SetActivityStatus', {
      as: co.planner,
      accountId: co.accounts.main.ID,
      body: { activityId: cancelled.ID, status: 5, version: 1 },
    });
    const gone = await create(co, { Name: 'Main March deleted', Budget: 999 });
    await invoke('ActivitiesService', 'DeleteActivity', {
      as: co.planner,
      accountId: co.accounts.main.ID,
      body: { activityId: gone.ID },
    });
    await create(co, {
      Name: 'Sub April',
      SubAccountId: co.accounts.sub.ID,
      StartDate: '2026-04-01',
      EndDate: '2026-04-30',
      Budget: 30.5,
    });
    await create(
      co,
      { Name: 'Other June', StartDate: '2026-06-01', EndDate: '2026-06-30', Budget: 400 },
      co.accounts.other.ID,
    );
  });

  it.each([
    ['March', { fromDate: '2026-03-01', toDate: '2026-03-31' }, { 'Main Client': [2, 100] }],
    ['March to April', { fromDate: '2026-03-15', toDate: '2026-04-15' }, { 'Main Client': [3, 130.5] }],
    ['from May on', { fromDate: '2026-05-01' }, { 'Main Client': [1, 200], 'Other Client': [1, 400] }],
    ['up to March', { toDate: '2026-03-31' }, { 'Main Client': [2, 100] }],
    ['nothing in the range', { fromDate: '2027-01-01', toDate: '2027-12-31' }, {}],
    ['Draft only', { activityStatus: 1 }, { 'Main Client': [3, 330.5], 'Other Client': [1, 400] }],
    ['Cancelled only', { activityStatus: 5 }, { 'Main Client': [1, 0] }],
    [
      'Draft in June',
      { activityStatus: 1, fromDate: '2026-06-01', toDate: '2026-06-30' },
      { 'Other Client': [1, 400] },
    ],
    [
      'nothing (empty dates, any status) is the unfiltered list',
      { fromDate: '', toDate: '', activityStatus: -1 },
      { 'Main Client': [4, 330.5], 'Other Client': [1, 400] },
    ],
  ])('main list, %s', async (_label, filter, expected) => {
    expect(rows(await mainList(co, filter))).toEqual(expected);
  });

  it.each([
    ['April', { fromDate: '2026-04-01', toDate: '2026-04-30' }, { 'Main Client Sub': [1, 30.5] }],
    ['March (only the main account has flights then)', { fromDate: '2026-03-01', toDate: '2026-03-31' }, {}],
    ['Planned only', { activityStatus: 2 }, {}],
  ])('sub-accounts list, %s', async (_label, filter, expected) => {
    expect(rows(await subList(co, filter))).toEqual(expected);
  });

  it('shows a client user only their own accounts, filtered too', async () => {
    expect(rows(await mainList(co, { fromDate: '2026-05-01' }, co.client))).toEqual({ 'Main Client': [1, 200] });
    expect(rows(await mainList(co, { fromDate: '2026-06-01' }, co.client))).toEqual({});
  });

  it('pages a filtered list and keeps the archived view apart', async () => {
    const co2 = await makeCompany();
    for (const name of ['Alpha', 'Beta', 'Gamma']) {
      const acc = await invoke('AccountsService', 'CreateAccount', {
        as: co2.admin,
        body: { account: { Name: name } },
      });
      await create(co2, {}, acc.body.Response.ID);
    }
    await create(co2);
    const first = await mainList(co2, { fromDate: '2026-03-01', pageSize: 3 });
    expect(first.body.Response.Items.map((a: Row) => a.Name)).toEqual(['Alpha', 'Beta', 'Gamma']);
    const second = await mainList(co2, {
      fromDate: '2026-03-01',
      pageSize: 3,
      nextToken: first.body.Response.NextToken,
    });
    expect(second.body.Response.Items.map((a: Row) => a.Name)).toEqual(['Main Client']);
    expect(second.body.Response.NextToken).toBeNull();
    expect(rows(await mainList(co2, { fromDate: '2026-03-01', status: 'archived' }))).toEqual({});
  });

  it('checks the filter: reversed dates and an unknown status', async () => {
    const reversed = await mainList(co, { fromDate: '2026-05-01', toDate: '2026-04-01' });
    expect(reversed.status).toBe(400);
    const status = await mainList(co, { activityStatus: 7 });
    expect(status.status).toBe(400);
    expect(status.body.ErrorMessage).toContain(
      'activityStatus: must be -1 (any) or an activity status from 1 (Draft) to 5 (Cancelled)',
    );
  });
});
