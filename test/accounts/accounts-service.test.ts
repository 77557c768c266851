import { QueryCommand } from '../../lambdas/aws/dynamodb/commands';
import { ddb, tableName } from '../../lambdas/aws/dynamodb/client';
import { keys } from '../../lambdas/aws/dynamodb/keys';
import { invoke, makeCompany, type Company } from '../support/world';

let c: Company;
beforeAll(async () => {
  c = await makeCompany();
});

const auditOf = async (companyId: number, id: number) => {
  const out = await ddb().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
      ExpressionAttributeValues: { ':pk': keys.auditPk(companyId), ':p': `Account#${id}#` },
    }),
  );
  return out.Items ?? [];
};

describe('AccountsService.CreateAccount', () => {
  it('creates a main account with the next id, version 1 and an audit entry', async () => {
    const r = await invoke('AccountsService', 'CreateAccount', {
      as: c.approver,
      body: {
        account: {
          ID: 0,
          Name: 'Negev Wines',
          Currency: 1,
          ManagementFeePct: 12.5,
          ContactEmail: 'buyer@negev.co.il',
          Website: 'https://negev.example',
        },
      },
    });
    expect(r.status).toBe(200);
    expect(r.body.Success).toBe(true);
    const a = r.body.Response;
    expect(a).toMatchObject({
      Name: 'Negev Wines',
      ParentId: null,
      Currency: 1,
      ManagementFeePct: 12.5,
      Status: 'Active',
      version: 1,
      createdBy: c.approver.email,
    });
    expect(a.ID).toBeGreaterThan(c.accounts.other.ID);
    const audit = await auditOf(c.companyId, a.ID);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'create',
      who: c.approver.email,
      before: null,
      after: { Name: 'Negev Wines' },
    });
  });

  it('creates a sub-account under the account of the page', async () => {
    const r = await invoke('AccountsService', 'CreateAccount', {
      as: c.admin,
      accountId: c.accounts.main.ID,
      body: { account: { Name: 'Main Client Summer', ParentId: c.accounts.main.ID } },
    });
    expect(r.status).toBe(200);
    expect(r.body.Response.ParentId).toBe(c.accounts.main.ID);
  });

  it('refuses a sub-account under a sub-account, or under another account than the page', async () => {
    const nested = await invoke('AccountsService', 'CreateAccount', {
      as: c.admin,
      accountId: c.accounts.main.ID,
      body: { account: { Name: 'Nested', ParentId: c.accounts.sub.ID } },
    });
    expect(nested.status).toBe(403);
    const direct = await invoke('AccountsService', 'CreateAccount', {
      as: c.admin,
      body: { account: { Name: 'Nested', ParentId: c.accounts.sub.ID } },
    });
    expect(direct.status).toBe(400);
    expect(direct.body.ErrorMessage).toContain('account.ParentId');
  });

  it('needs AccountCreateDelete: a planner gets 403', async () => {
    const r = await invoke('AccountsService', 'CreateAccount', { as: c.planner, body: { account: { Name: 'Nope' } } });
    expect(r.status).toBe(403);
    expect(r.body).toEqual({
      Success: false,
      ErrorMessage: 'Required permission missing: AccountCreateDelete',
      ErrorCode: 'PERMISSION_MISSING',
      ErrorParams: { permission: 'AccountCreateDelete' },
    });
  });
});

describe('AccountsService.GetAccountsList', () => {
  it('lists main accounts by name, page by page, without sub-accounts', async () => {
    const co = await makeCompany('Paging Agency');
    for (const name of ['Delta', 'alpha', 'Charlie', 'Echo']) {
      const r = await invoke('AccountsService', 'CreateAccount', { as: co.admin, body: { account: { Name: name } } });
      expect(r.status).toBe(200);
    }
    const names: string[] = [];
    let nextToken: string | null = null;
    let pages = 0;
    do {
      const r: Awaited<ReturnType<typeof invoke>> = await invoke('AccountsService', 'GetAccountsList', {
        as: co.planner,
        body: { mainAccountId: -1, pageSize: 2, nextToken },
      });
      expect(r.status).toBe(200);
      names.push(...r.body.Response.Items.map((a: { Name: string }) => a.Name));
      nextToken = r.body.Response.NextToken;
      pages++;
    } while (nextToken && pages < 10);
    expect(names).toEqual(['alpha', 'Charlie', 'Delta', 'Echo', 'Main Client', 'Other Client']);
  });

  it('lists the sub-accounts of one account', async () => {
    const r = await invoke('AccountsService', 'GetAccountsList', {
      as: c.planner,
      accountId: c.accounts.main.ID,
      body: { mainAccountId: c.accounts.main.ID },
    });
    expect(r.status).toBe(200);
    expect(r.body.Response.Items.map((a: { Name: string }) => a.Name)).toContain('Main Client Sub');
    expect(r.body.Response.Items.every((a: { ParentId: number }) => a.ParentId === c.accounts.main.ID)).toBe(true);
  });

  it('shows a client user only their own accounts', async () => {
    const r = await invoke('AccountsService', 'GetAccountsList', { as: c.client, body: { mainAccountId: -1 } });
    expect(r.status).toBe(200);
    expect(r.body.Response.Items.map((a: { ID: number }) => a.ID)).toEqual([c.accounts.main.ID]);
    const other = await invoke('AccountsService', 'GetAccountsList', {
      as: c.client,
      accountId: c.accounts.other.ID,
      body: { mainAccountId: c.accounts.other.ID },
    });
    expect(other.status).toBe(403);
  });

  it('checks the date range and refuses a forged page token', async () => {
    const range = await invoke('AccountsService', 'GetAccountsList', {
      as: c.planner,
      body: { fromDate: '2026-05-01', toDate: '2026-04-01' },
    });
    expect(range.status).toBe(400);
    expect(range.body.ErrorMessage).toContain('toDate');
    const forged = Buffer.from(
      JSON.stringify({ k: { pk: 'C#1', sk: 'ACCOUNT#0000000001', gsi1pk: 'C#1#PARENT#0', gsi1sk: 'A#x#1' } }),
    ).toString('base64url');
    const r = await invoke('AccountsService', 'GetAccountsList', { as: c.planner, body: { nextToken: forged } });
    expect(r.status).toBe(400);
    expect(r.body.ErrorMessage).toContain('nextToken');
  });
});

describe('AccountsService.GetMainAccount and GetAccountInfo', () => {
  it('resolves a sub-account to its main account with what the caller may do', async () => {
    const r = await invoke('AccountsService', 'GetMainAccount', {
      as: c.planner,
      accountId: c.accounts.main.ID,
      body: { accountId: c.accounts.sub.ID },
    });
    expect(r.status).toBe(200);
    expect(r.body.Response).toEqual({
      ID: c.accounts.main.ID,
      Name: 'Main Client',
      Currency: 2,
      SubAccountId: c.accounts.sub.ID,
      SubAccountName: 'Main Client Sub',
      AccessPermissions: ['view', 'edit', 'submitPlan'],
    });
  });

  it('refuses an account id outside the account of the page', async () => {
    const r = await invoke('AccountsService', 'GetAccountInfo', {
      as: c.planner,
      accountId: c.accounts.main.ID,
      body: { accountId: c.accounts.other.ID },
    });
    expect(r.status).toBe(403);
    const missing = await invoke('AccountsService', 'GetAccountInfo', {
      as: c.planner,
      accountId: c.accounts.main.ID,
      body: { accountId: 999999 },
    });
    expect(missing.status).toBe(404);
  });

  it('requires the x-account-id header on account-scoped routes', async () => {
    const r = await invoke('AccountsService', 'GetAccountInfo', {
      as: c.planner,
      body: { accountId: c.accounts.main.ID },
    });
    expect(r.status).toBe(400);
    expect(r.body.ErrorMessage).toBe('x-account-id: header is required');
  });
});

describe('AccountsService.UpdateAccount', () => {
  it('saves with the version read, and a second save with the same version gets 409', async () => {
    const co = await makeCompany();
    const a = co.accounts.other;
    const first = await invoke('AccountsService', 'UpdateAccount', {
      as: co.planner,
      accountId: a.ID,
      body: { account: { ...a, Name: 'Renamed' } },
    });
    expect(first.status).toBe(200);
    expect(first.body.Response).toMatchObject({ Name: 'Renamed', version: 2, updatedBy: co.planner.email });
    const stale = await invoke('AccountsService', 'UpdateAccount', {
      as: co.planner,
      accountId: a.ID,
      body: { account: { ...a, Name: 'Lost update' } },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.ErrorMessage).toMatch(/changed by someone else/);
    const info = await invoke('AccountsService', 'GetAccountInfo', {
      as: co.planner,
      accountId: a.ID,
      body: { accountId: a.ID },
    });
    expect(info.body.Response.Name).toBe('Renamed');
  });

  it('two concurrent saves of one version: exactly one wins', async () => {
    const co = await makeCompany();
    const a = co.accounts.other;
    const results = await Promise.all(
      ['One', 'Two', 'Three'].map((Name) =>
        invoke('AccountsService', 'UpdateAccount', {
          as: co.planner,
          accountId: a.ID,
          body: { account: { ...a, Name } },
        }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
  });

  it('applayVATToSubAccounts copies ApplyVat to every sub-account in the same save', async () => {
    const co = await makeCompany();
    const main = co.accounts.main;
    const r = await invoke('AccountsService', 'UpdateAccount', {
      as: co.planner,
      accountId: main.ID,
      body: { account: { ...main, ApplyVat: false }, applayVATToSubAccounts: true },
    });
    expect(r.status).toBe(200);
    const sub = await invoke('AccountsService', 'GetAccountInfo', {
      as: co.planner,
      accountId: main.ID,
      body: { accountId: co.accounts.sub.ID },
    });
    expect(sub.body.Response).toMatchObject({ ApplyVat: false, version: 2 });
    expect((await auditOf(co.companyId, co.accounts.sub.ID)).map((e) => e.action)).toEqual(
      expect.arrayContaining(['create', 'update']),
    );
  });

  it('without the flag the sub-accounts keep their VAT', async () => {
    const co = await makeCompany();
    const main = co.accounts.main;
    await invoke('AccountsService', 'UpdateAccount', {
      as: co.planner,
      accountId: main.ID,
      body: { account: { ...main, ApplyVat: false } },
    });
    const sub = await invoke('AccountsService', 'GetAccountInfo', {
      as: co.planner,
      accountId: main.ID,
      body: { accountId: co.accounts.sub.ID },
    });
    expect(sub.body.Response.ApplyVat).toBe(true);
  });

  it('refuses a client user, a missing version and a create through UpdateAccount', async () => {
    const a = c.accounts.main;
    expect(
      (await invoke('AccountsService', 'UpdateAccount', { as: c.client, accountId: a.ID, body: { account: { ...a } } }))
        .status,
    ).toBe(403);
    const noVersion = await invoke('AccountsService', 'UpdateAccount', {
      as: c.planner,
      accountId: a.ID,
      body: { account: { ...a, version: undefined } },
    });
    expect(noVersion.status).toBe(400);
    expect(noVersion.body.ErrorMessage).toContain('account.version');
    const create = await invoke('AccountsService', 'UpdateAccount', {
      as: c.planner,
      accountId: a.ID,
      body: { account: { Name: 'New' } },
    });
    expect(create.status).toBe(400);
    expect(create.body.ErrorMessage).toContain('account.ID');
  });
});

describe('AccountsService.DeleteAccount archives and RestoreAccount brings back', () => {
  it('archives a sub-account, then its main account, and restores both in order', async () => {
    const co = await makeCompany();
    const { main, sub } = co.accounts;
    const blocked = await invoke('AccountsService', 'DeleteAccount', {
      as: co.approver,
      accountId: main.ID,
      body: { accountId: main.ID },
    });
    expect(blocked.status).toBe(409);
    expect(blocked.body.ErrorMessage).toMatch(/active sub-accounts/);

    expect(
      (
        await invoke('AccountsService', 'DeleteAccount', {
          as: co.approver,
          accountId: main.ID,
          body: { accountId: sub.ID },
        })
      ).body.Response.Status,
    ).toBe('Archived');
    expect(
      (
        await invoke('AccountsService', 'DeleteAccount', {
          as: co.approver,
          accountId: main.ID,
          body: { accountId: main.ID },
        })
      ).body.Response.Status,
    ).toBe('Archived');

    const active = await invoke('AccountsService', 'GetAccountsList', { as: co.planner, body: {} });
    expect(active.body.Response.Items.map((a: { ID: number }) => a.ID)).not.toContain(main.ID);
    const archived = await invoke('AccountsService', 'GetAccountsList', {
      as: co.planner,
      body: { status: 'archived' },
    });
    expect(archived.body.Response.Items.map((a: { ID: number }) => a.ID)).toContain(main.ID);

    const editArchived = await invoke('AccountsService', 'UpdateAccount', {
      as: co.planner,
      accountId: main.ID,
      body: { account: { ...main, version: 2 } },
    });
    expect(editArchived.status).toBe(409);

    const subFirst = await invoke('AccountsService', 'RestoreAccount', {
      as: co.approver,
      accountId: main.ID,
      body: { accountId: sub.ID },
    });
    expect(subFirst.status).toBe(409);
    expect(
      (
        await invoke('AccountsService', 'RestoreAccount', {
          as: co.approver,
          accountId: main.ID,
          body: { accountId: main.ID },
        })
      ).body.Response.Status,
    ).toBe('Active');
    expect(
      (
        await invoke('AccountsService', 'RestoreAccount', {
          as: co.approver,
          accountId: main.ID,
          body: { accountId: sub.ID },
        })
      ).body.Response.Status,
    ).toBe('Active');
    expect((await auditOf(co.companyId, main.ID)).map((e) => e.action).sort()).toEqual([
      'archive',
      'create',
      'restore',
    ]);
  });

  it('needs AccountCreateDelete', async () => {
    const r = await invoke('AccountsService', 'DeleteAccount', {
      as: c.planner,
      accountId: c.accounts.other.ID,
      body: { accountId: c.accounts.other.ID },
    });
    expect(r.status).toBe(403);
  });
});
