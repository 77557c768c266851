import { randomUUID } from 'node:crypto';
import { QueryCommand, UpdateCommand } from '../../lambdas/aws/dynamodb/commands';
import { staleVersion } from '../../lambdas/core/errors';
import { seedChannelTypeCatalogue } from '../../lambdas/modules/channel-types/catalogue';
import type { AccountChannelType } from '../../lambdas/modules/channel-types/account-channel-type-store';
import {
  ACCOUNT_CHANNEL_TYPE_ENTITY,
  accountChannelTypeKeys,
  insertAccountChannelTypes,
  listAccountChannelTypes,
} from '../../lambdas/modules/channel-types/account-channel-type-store.dynamodb';
import type { Account } from '../../lambdas/modules/tenancy/account-store';
import { listChannelTypes } from '../../lambdas/modules/channel-types/channel-type-store.dynamodb';
import { chunkedReplaceHooks } from '../../lambdas/modules/channel-types/chunked-replace';
import { ddb, tableName } from '../../lambdas/aws/dynamodb/client';
import { companyPk, keys } from '../../lambdas/aws/dynamodb/keys';
import type { UserProfile } from '../../lambdas/modules/tenancy/profile-store';
import { nextIds } from '../../lambdas/aws/dynamodb/write-helpers';
import { Permission, Role } from '../../lambdas/shared/permissions';
import { invoke, makeCompany, makeUser, useTestTable, type Company } from '../support/world';

/** Account channel types: init/reload, bulk edits (chunked, all-or-nothing), account isolation. */
let c: Company;
let sysAdmin: UserProfile;
beforeAll(async () => {
  useTestTable();
  await seedChannelTypeCatalogue();
  c = await makeCompany('Channel Agency');
  sysAdmin = await makeUser(c.companyId, Role.Administrator, [Permission.Admin], { isSystemAdmin: true });
});
afterEach(() => {
  delete chunkedReplaceHooks.beforeChunk;
});

const init = (co: Company, accountId: number, reload: boolean, as: UserProfile = co.planner) =>
  invoke('AccountsService', 'InitAccountChannelTypes', { as, accountId, body: { reload } });
const list = async (co: Company, accountId: number, as: UserProfile = co.planner) => {
  const r = await invoke('AccountsService', 'GetAccountChannelTypesList', { as, accountId, body: {} });
  expect(r.status).toBe(200);
  return r.body.Response.Items as AccountChannelType[];
};
const setFee = (co: Company, accountId: number, ids: unknown, management_fee: unknown) =>
  invoke('AccountsService', 'SaveAccountManagementFee', { as: co.planner, accountId, body: { ids, management_fee } });
const setSystemFee = (co: Company, accountId: number, ids: unknown, system_fee: unknown) =>
  invoke('AccountsService', 'SaveAccountSystemFee', { as: co.planner, accountId, body: { ids, system_fee } });
const setField = (co: Company, accountId: number, ids: unknown, fieldName: string, fieldValue: unknown) =>
  invoke('AccountsService', 'SaveAccountChannelField', {
    as: co.planner,
    accountId,
    body: { ids, fieldName, fieldValue },
  });

async function newMainAccount(
  co: Company,
  name = `Client ${randomUUID().slice(0, 6)}`,
  ManagementFeePct = 12.5,
): Promise<Account> {
  const r = await invoke('AccountsService', 'CreateAccount', {
    as: co.admin,
    body: { account: { Name: name, ManagementFeePct } },
  });
  expect(r.status).toBe(200);
  return r.body.Response;
}

/** Every item of the company (its partition and its audit partition), as text. */
async function companyItems(companyId: number): Promise<string[]> {
  const items: string[] = [];
  for (const pk of [companyPk(companyId), keys.auditPk(companyId)]) {
    let ExclusiveStartKey: Record<string, unknown> | undefined;
    do {
      const out = await ddb().send(
        new QueryCommand({
          TableName: tableName(),
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': pk },
          ExclusiveStartKey,
          ConsistentRead: true,
        }),
      );
      items.push(...(out.Items ?? []).map((i) => JSON.stringify(i, Object.keys(i).sort())));
      ExclusiveStartKey = out.LastEvaluatedKey;
    } while (ExclusiveStartKey);
  }
  return items.sort();
}

async function auditCount(companyId: number, ids: number[], action: string): Promise<number> {
  let n = 0;
  for (const id of ids) {
    const out = await ddb().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
        ExpressionAttributeValues: { ':pk': keys.auditPk(companyId), ':p': `${ACCOUNT_CHANNEL_TYPE_ENTITY}#${id}#` },
      }),
    );
    n += (out.Items ?? []).filter((i) => i.action === action).length;
  }
  return n;
}

describe('AccountsService.InitAccountChannelTypes', () => {
  it("copies every active global type with the account's management fee and a 0 % system fee", async () => {
    const account = await newMainAccount(c, undefined, 17.5);
    const active = (await listChannelTypes()).filter((t) => t.Active);
    const r = await init(c, account.ID, false);
    expect(r.status).toBe(200);
    const items: AccountChannelType[] = r.body.Response.Items;
    expect(r.body.Response).toMatchObject({ AccountId: account.ID });
    expect(r.body.Response.Added).toBe(items.length);
    // Every active type at the time of the call was copied (a suite running meanwhile may add more).
    expect(active.filter((g) => !items.some((t) => t.ChannelTypeId === g.ID)).map((g) => g.Name)).toEqual([]);
    const search = items.find((t) => t.Name === 'Google Search')!;
    expect(search).toMatchObject({
      AccountId: account.ID,
      Group: 'Search',
      DefaultBuyType: 'CPC',
      ConnectorType: 'google_ads',
      ManagementFeePct: 17.5,
      SystemFeePct: 0,
      Active: true,
      version: 1,
      createdBy: c.planner.email,
    });
    expect(new Set(items.map((t) => t.ID)).size).toBe(items.length);
    expect(await auditCount(c.companyId, [search.ID], 'create')).toBe(1);
  });

  it('reload false on an account that has copies returns them unchanged; reload true adds new global types and keeps edited fees', async () => {
    const account = await newMainAccount(c);
    const first: AccountChannelType[] = (await init(c, account.ID, false)).body.Response.Items;
    const search = first.find((t) => t.Name === 'Google Search')!;
    expect((await setFee(c, account.ID, [search.ID], 10)).status).toBe(200);
    expect((await setSystemFee(c, account.ID, [search.ID], 3.5)).status).toBe(200);
    expect((await setField(c, account.ID, [search.ID], 'Name', 'Google Ads Search')).status).toBe(200);
    const edited = (await list(c, account.ID)).find((t) => t.ID === search.ID)!;
    expect(edited).toMatchObject({ ManagementFeePct: 10, SystemFeePct: 3.5, Name: 'Google Ads Search', version: 4 });

    const again = await init(c, account.ID, false);
    expect(again.status).toBe(200);
    expect(again.body.Response.Added).toBe(0);
    expect(again.body.Response.Items).toEqual(await list(c, account.ID));

    // A system admin adds a channel type to the catalogue; reload brings it in.
    const added = await invoke('ChannelTypesService', 'SaveChannelType', {
      as: sysAdmin,
      body: {
        channelType: {
          ID: 0,
          Name: `Waze Ads ${randomUUID().slice(0, 6)}`,
          Group: 'Display',
          DefaultBuyType: 'CPM',
          ConnectorType: 'csv_upload',
        },
      },
    });
    expect(added.status).toBe(200);
    try {
      const noReload = await init(c, account.ID, false);
      expect(
        noReload.body.Response.Items.some((t: AccountChannelType) => t.ChannelTypeId === added.body.Response.ID),
      ).toBe(false);

      const reload = await init(c, account.ID, true);
      expect(reload.status).toBe(200);
      expect(reload.body.Response.Added).toBeGreaterThanOrEqual(1);
      const after: AccountChannelType[] = reload.body.Response.Items;
      expect(after.find((t) => t.ChannelTypeId === added.body.Response.ID)).toMatchObject({
        Name: added.body.Response.Name,
        ManagementFeePct: 12.5,
        SystemFeePct: 0,
      });
      expect(after.find((t) => t.ID === search.ID)).toEqual(edited);
      expect(after.length).toBe(first.length + reload.body.Response.Added);
      expect((await init(c, account.ID, true)).body.Response.Added).toBe(0);
    } finally {
      // Retire it again, so accounts that other suites set up meanwhile stay as they expect.
      await invoke('AccountsService', 'UpdateChannelTypesField', {
        as: sysAdmin,
        body: { Id: added.body.Response.ID, field_name: 'Active', field_value: false },
      });
    }
  });

  it('needs reload, is refused to client users, and is refused on an archived account', async () => {
    const empty = await invoke('AccountsService', 'InitAccountChannelTypes', {
      as: c.planner,
      accountId: c.accounts.main.ID,
      body: {},
    });
    expect(empty.status).toBe(400);
    expect(empty.body.ErrorMessage).toContain('reload');
    const client = await init(c, c.accounts.main.ID, false, c.client);
    expect(client.status).toBe(403);
    const account = await newMainAccount(c);
    expect(
      (
        await invoke('AccountsService', 'DeleteAccount', {
          as: c.admin,
          accountId: account.ID,
          body: { accountId: account.ID },
        })
      ).status,
    ).toBe(200);
    const archived = await init(c, account.ID, false);
    expect(archived.status).toBe(409);
    expect(archived.body.ErrorMessage).toContain('archived');
  });
});

describe('AccountsService.GetAccountChannelTypesList', () => {
  it("a sub-account page reads its main account's copies; a client of the account may read", async () => {
    await init(c, c.accounts.main.ID, false);
    const main = await list(c, c.accounts.main.ID);
    expect(main.length).toBeGreaterThan(0);
    const r = await invoke('AccountsService', 'GetAccountChannelTypesList', {
      as: c.client,
      accountId: c.accounts.sub.ID,
      body: {},
    });
    expect(r.status).toBe(200);
    expect(r.body.Response).toEqual({ AccountId: c.accounts.main.ID, Items: main });
    const foreign = await invoke('AccountsService', 'GetAccountChannelTypesList', {
      as: c.client,
      accountId: c.accounts.other.ID,
      body: {},
    });
    expect(foreign.status).toBe(403);
  });
});

describe('bulk edits', () => {
  let ids: number[];
  beforeAll(async () => {
    ids = ((await init(c, c.accounts.main.ID, false)).body.Response.Items as AccountChannelType[]).map((t) => t.ID);
  });

  it('set a field or a fee on the selected copies, with one audit entry per changed copy', async () => {
    const pick = ids.slice(0, 3);
    const before = await auditCount(c.companyId, pick, 'update');
    const r = await setField(c, c.accounts.main.ID, pick, 'Active', false);
    expect(r.status).toBe(200);
    expect(r.body.Response.Changed).toBe(3);
    expect(r.body.Response.Items.map((t: AccountChannelType) => t.Active)).toEqual([false, false, false]);
    expect(await auditCount(c.companyId, pick, 'update')).toBe(before + 3);
    // Already false: nothing to write.
    const again = await setField(c, c.accounts.main.ID, pick, 'active', 'false');
    expect(again.body.Response.Changed).toBe(0);
    expect(await auditCount(c.companyId, pick, 'update')).toBe(before + 3);
  });

  it('accept ids as an array, as a JSON string, and as the legacy form post', async () => {
    const [a, b] = ids;
    expect(
      (await setFee(c, c.accounts.main.ID, JSON.stringify([a, b]), 11)).body.Response.Items.map(
        (t: AccountChannelType) => t.ManagementFeePct,
      ),
    ).toEqual([11, 11]);
    const form = await invoke('AccountsService', 'SaveAccountSystemFee', {
      as: c.planner,
      accountId: c.accounts.main.ID,
      contentType: 'application/x-www-form-urlencoded',
      rawBody: `ids=${encodeURIComponent(JSON.stringify([a, b]))}&system_fee=2.25`,
    });
    expect(form.status).toBe(200);
    expect(form.body.Response.Items.map((t: AccountChannelType) => t.SystemFeePct)).toEqual([2.25, 2.25]);
  });

  it('validate the percent, the ids and the field name by name', async () => {
    const cases: [Promise<{ status: number; body: { ErrorMessage?: string } }>, string][] = [
      [setFee(c, c.accounts.main.ID, [ids[0]], 12.345), 'management_fee: may have at most 2 decimals'],
      [setFee(c, c.accounts.main.ID, [ids[0]], 100.5), 'management_fee: must be between 0 and 100'],
      [setSystemFee(c, c.accounts.main.ID, [ids[0]], -1), 'system_fee: must be between 0 and 100'],
      [setFee(c, c.accounts.main.ID, [], 5), 'ids: select at least one id'],
      [
        setFee(
          c,
          c.accounts.main.ID,
          Array.from({ length: 501 }, (_, i) => i + 1),
          5,
        ),
        'ids: at most 500 ids',
      ],
      [setFee(c, c.accounts.main.ID, '[1, "x"]', 5), 'ids.1'],
      [
        setField(c, c.accounts.main.ID, [ids[0]], 'ManagementFeePct', 3),
        "fieldName: 'ManagementFeePct' cannot be edited here; editable fields are Active, Name",
      ],
      [setField(c, c.accounts.main.ID, [ids[0]], 'Active', 'perhaps'), 'fieldValue: not a valid Active'],
      [setField(c, c.accounts.main.ID, [ids[0]], 'Name', ''), 'fieldValue: not a valid Name'],
    ];
    for (const [call, message] of cases) {
      const r = await call;
      expect([r.status, r.body.ErrorMessage]).toEqual([400, expect.stringContaining(message)]);
    }
  });

  it('refuse ids of another account of the same company (404 naming the id) and change nothing', async () => {
    const otherIds = ((await init(c, c.accounts.other.ID, false)).body.Response.Items as AccountChannelType[]).map(
      (t) => t.ID,
    );
    const before = await companyItems(c.companyId);
    const mixed = await setFee(c, c.accounts.main.ID, [ids[0], otherIds[0]], 1);
    expect(mixed.status).toBe(404);
    expect(mixed.body.ErrorMessage).toBe(
      `ids: account channel type ${otherIds[0]} is not a channel type of account ${c.accounts.main.ID}`,
    );
    const viaSub = await setField(c, c.accounts.sub.ID, [otherIds[1]], 'Active', false);
    expect(viaSub.status).toBe(404);
    const unknown = await setSystemFee(c, c.accounts.main.ID, [ids[0], 987654321], 1);
    expect(unknown.status).toBe(404);
    expect(unknown.body.ErrorMessage).toContain('987654321');
    // A client of the main account may look, never edit.
    const client = await invoke('AccountsService', 'SaveAccountManagementFee', {
      as: c.client,
      accountId: c.accounts.main.ID,
      body: { ids: [ids[0]], management_fee: 1 },
    });
    expect(client.status).toBe(403);
    expect(await companyItems(c.companyId)).toEqual(before);
  });
});

describe('bulk edits over the 100-item transaction limit', () => {
  let co: Company;
  beforeAll(async () => {
    co = await makeCompany('Bulk Agency');
  });

  /** A fresh main account with 150 copies (fake global ids: the shared catalogue stays as it is). */
  async function accountWith150Copies(): Promise<{ account: Account; ids: number[] }> {
    const account = await newMainAccount(co);
    const ids = await nextIds(co.companyId, 'AccountChannelType', 150);
    const now = new Date().toISOString();
    await insertAccountChannelTypes(
      co.companyId,
      ids.map((ID, i) => ({
        ID,
        AccountId: account.ID,
        ChannelTypeId: 800_000 + i,
        Name: `Channel ${String(i).padStart(3, '0')}`,
        Group: 'Display',
        DefaultBuyType: 'CPM',
        ConnectorType: 'none',
        ManagementFeePct: 12.5,
        SystemFeePct: 0,
        Active: true,
        DefaultVendorId: null,
        version: 1,
        createdAt: now,
        createdBy: 'test',
        updatedAt: now,
        updatedBy: 'test',
      })),
      staleVersion('conflict'),
    );
    return { account, ids };
  }

  /** What a concurrent save does to one copy: a new fee and the next version. */
  async function concurrentSave(accountId: number, copy: AccountChannelType, fee: number) {
    await ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: accountChannelTypeKeys.item(co.companyId, accountId, copy.ChannelTypeId),
        UpdateExpression: 'SET SystemFeePct = :f, version = version + :one',
        ExpressionAttributeValues: { ':f': fee, ':one': 1 },
      }),
    );
  }

  it('edits 150 copies in 3 chunked transactions, with 150 audit entries', async () => {
    const { account, ids } = await accountWith150Copies();
    const chunks: string[] = [];
    chunkedReplaceHooks.beforeChunk = async (i, total) => {
      chunks.push(`${i + 1}/${total}`);
    };
    const r = await setFee(co, account.ID, ids, 9.75);
    expect(r.status).toBe(200);
    expect(r.body.Response.Changed).toBe(150);
    expect(chunks).toEqual(['1/3', '2/3', '3/3']);
    const after = await listAccountChannelTypes(co.companyId, account.ID, true);
    expect(after.every((t) => t.ManagementFeePct === 9.75 && t.version === 2)).toBe(true);
    expect(await auditCount(co.companyId, ids, 'update')).toBe(150);
  });

  it('is all-or-nothing: when the last chunk fails (a copy saved meanwhile), the written chunks are undone and the answer is 409', async () => {
    const { account, ids } = await accountWith150Copies();
    const copies = new Map((await listAccountChannelTypes(co.companyId, account.ID, true)).map((t) => [t.ID, t]));
    const victim = copies.get(ids[149])!;
    const before = await companyItems(co.companyId);
    chunkedReplaceHooks.beforeChunk = async (i, total) => {
      if (i === total - 1) await concurrentSave(account.ID, victim, 7); // after validation, before the last chunk
    };
    const r = await setSystemFee(co, account.ID, ids, 4.25);
    expect(r.status).toBe(409);
    expect(r.body.ErrorMessage).toBe(
      'Some of the selected channel types were changed by someone else meanwhile, so nothing was saved; reload them and try again.',
    );

    const after = await listAccountChannelTypes(co.companyId, account.ID, true);
    for (const t of after) {
      if (t.ID === victim.ID)
        expect(t).toMatchObject({ SystemFeePct: 7, version: 2 }); // the other user's save stands
      else expect(t).toEqual(copies.get(t.ID));
    }
    expect(await auditCount(co.companyId, ids, 'update')).toBe(0);
    // Apart from the concurrent save, the company's items (audit included) are exactly as before.
    const victimKey = JSON.stringify(accountChannelTypeKeys.item(co.companyId, account.ID, victim.ChannelTypeId).sk);
    const other = (items: string[]) => items.filter((s) => !s.includes(`"sk":${victimKey}`));
    expect(other(await companyItems(co.companyId))).toEqual(other(before));
  });

  it('never overwrites a save made between its write and its compensation, and says so', async () => {
    const { account, ids } = await accountWith150Copies();
    const copies = new Map((await listAccountChannelTypes(co.companyId, account.ID, true)).map((t) => [t.ID, t]));
    chunkedReplaceHooks.beforeChunk = async (i, total) => {
      if (i !== total - 1) return;
      await concurrentSave(account.ID, copies.get(ids[149])!, 7); // fails the last chunk
      // Someone saves a copy that the first chunk has just written (our version 2 → 3).
      await concurrentSave(account.ID, { ...copies.get(ids[0])!, version: 2 }, 8);
    };
    const r = await setFee(co, account.ID, ids, 3);
    expect(r.status).toBe(409);
    expect(r.body.ErrorMessage).toContain('1 item(s) were saved by someone else meanwhile and keep that newer save.');
    const after = new Map((await listAccountChannelTypes(co.companyId, account.ID, true)).map((t) => [t.ID, t]));
    expect(after.get(ids[0])).toMatchObject({ ManagementFeePct: 3, SystemFeePct: 8, version: 3 });
    for (const id of ids.slice(1, 149)) expect(after.get(id)).toEqual(copies.get(id));
    // The undone copies lost their audit entries with the undo; the kept one keeps its entry.
    expect(await auditCount(co.companyId, ids, 'update')).toBe(1);
  });
});
