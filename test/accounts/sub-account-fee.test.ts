import { invoke, makeCompany, type Company } from '../support/world';

describe("a new sub-account's management fee", () => {
  let co: Company;
  beforeAll(async () => {
    co = await makeCompany('Fees Agency');
  });
  const create = (account: Record<string, unknown>, accountId?: number) =>
    invoke('AccountsService', 'CreateAccount', { as: co.admin, accountId, body: { account } });

  it("is its main account's when none is given; a given one is kept; an edit without one keeps the account's", async () => {
    const main = (await create({ Name: 'Fee Main', ManagementFeePct: 12.5 })).body.Response;
    expect(main.ManagementFeePct).toBe(12.5);
    const sub = await create({ Name: 'Fee Sub', ParentId: main.ID }, main.ID);
    expect(sub.body.ErrorMessage).toBeUndefined();
    expect(sub.body.Response.ManagementFeePct).toBe(12.5);
    expect(
      (await create({ Name: 'Fee Sub 2', ParentId: main.ID, ManagementFeePct: 7 }, main.ID)).body.Response
        .ManagementFeePct,
    ).toBe(7);
    expect((await create({ Name: 'Fee Main 2' })).body.Response.ManagementFeePct).toBe(0);
    const { ManagementFeePct: _fee, ...rest } = sub.body.Response;
    const edited = await invoke('AccountsService', 'UpdateAccount', {
      as: co.admin,
      accountId: sub.body.Response.ID,
      body: { account: { ...rest, Name: 'Fee Sub renamed' } },
    });
    expect(edited.body.Response).toMatchObject({ Name: 'Fee Sub renamed', ManagementFeePct: 12.5 });
  });
});
