import { randomUUID } from 'node:crypto';
import { QueryCommand } from '../../lambdas/aws/dynamodb/commands';
import { CHANNEL_TYPE_CATALOGUE, seedChannelTypeCatalogue } from '../../lambdas/modules/channel-types/catalogue';
import { listChannelTypes, PLATFORM_COMPANY_ID } from '../../lambdas/modules/channel-types/channel-type-store.dynamodb';
import { ddb, tableName } from '../../lambdas/aws/dynamodb/client';
import { keys } from '../../lambdas/aws/dynamodb/keys';
import type { UserProfile } from '../../lambdas/modules/tenancy/profile-store';
import { Permission, Role } from '../../lambdas/shared/permissions';
import { invoke, makeCompany, makeUser, useTestTable, type Company } from '../support/world';

/** The global channel-type catalogue: seed, list, system-admin-only writes, inline edit allow-list. */
let c: Company;
let sysAdmin: UserProfile;
beforeAll(async () => {
  useTestTable();
  await seedChannelTypeCatalogue();
  c = await makeCompany('Catalogue Agency');
  sysAdmin = await makeUser(c.companyId, Role.Administrator, [Permission.Admin], { isSystemAdmin: true });
});

const unique = (prefix: string) => `${prefix} ${randomUUID().slice(0, 8)}`;

async function platformAudit(id: number) {
  const out = await ddb().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
      ExpressionAttributeValues: { ':pk': keys.auditPk(PLATFORM_COMPANY_ID), ':p': `ChannelType#${id}#` },
    }),
  );
  return out.Items ?? [];
}

/** A retired (Active false) type, so that accounts set up by other suites meanwhile do not copy it. */
async function createType(name = unique('Spotify Audio')) {
  const r = await invoke('ChannelTypesService', 'SaveChannelType', {
    as: sysAdmin,
    body: {
      channelType: {
        ID: 0,
        Name: name,
        Group: 'Offline',
        DefaultBuyType: 'CPM',
        ConnectorType: 'csv_upload',
        Active: false,
      },
    },
  });
  expect(r.status).toBe(200);
  return r.body.Response;
}

describe('seedChannelTypeCatalogue', () => {
  it('holds the 14 starting channels with fitting group, buy type and connector', async () => {
    const byName = new Map((await listChannelTypes()).map((t) => [t.Name, t]));
    for (const entry of CHANNEL_TYPE_CATALOGUE)
      expect(byName.get(entry.Name)).toMatchObject({ ...entry, Active: true });
    expect(CHANNEL_TYPE_CATALOGUE).toHaveLength(14);
    expect(byName.get('Google Search')).toMatchObject({
      Group: 'Search',
      DefaultBuyType: 'CPC',
      ConnectorType: 'google_ads',
    });
    expect(byName.get('YouTube')).toMatchObject({ Group: 'Video', DefaultBuyType: 'CPV' });
    expect(byName.get('Print')).toMatchObject({ Group: 'Offline', DefaultBuyType: 'Flat', ConnectorType: 'none' });
  });

  it('is idempotent, also when run concurrently', async () => {
    const before = await listChannelTypes();
    const runs = await Promise.all([
      seedChannelTypeCatalogue(),
      seedChannelTypeCatalogue(),
      seedChannelTypeCatalogue(),
    ]);
    expect(runs.every((r) => r.created.length === 0)).toBe(true);
    expect(await listChannelTypes()).toEqual(before);
  });

  it('lives in the platform partition C#0, with its own counter and audit trail', async () => {
    const created = await createType();
    const out = await ddb().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND sk = :sk',
        ExpressionAttributeValues: { ':pk': 'C#0', ':sk': `CHTYPE#${String(created.ID).padStart(10, '0')}` },
      }),
    );
    expect(out.Items).toHaveLength(1);
    const audit = await platformAudit(created.ID);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'create', who: sysAdmin.email, before: null });
  });
});

describe('ChannelTypesService.GetChannelTypesList', () => {
  it('lists the catalogue by group (Search … Offline) and name for any signed-in user', async () => {
    const r = await invoke('ChannelTypesService', 'GetChannelTypesList', {
      as: c.client,
      accountId: c.accounts.main.ID,
      body: {},
    });
    expect(r.status).toBe(200);
    const items: { Name: string; Group: string }[] = r.body.Response.Items;
    const groups = items.map((t) => t.Group);
    const order = ['Search', 'Social', 'Video', 'Display', 'Offline'];
    expect([...groups].sort((a, b) => order.indexOf(a) - order.indexOf(b))).toEqual(groups);
    expect(items.filter((t) => t.Group === 'Search').map((t) => t.Name)).toContain('Google Search');
  });
});

describe('ChannelTypesService.SaveChannelType', () => {
  it('creates (ID 0) and updates with the version read; a stale version is 409', async () => {
    const created = await createType();
    expect(created).toMatchObject({ Active: false, version: 1, createdBy: sysAdmin.email });
    const upd = await invoke('ChannelTypesService', 'SaveChannelType', {
      as: sysAdmin,
      body: { channelType: { ...created, Name: `${created.Name} +`, DefaultBuyType: 'Flat' } },
    });
    expect(upd.status).toBe(200);
    expect(upd.body.Response).toMatchObject({ ID: created.ID, DefaultBuyType: 'Flat', Active: false, version: 2 });
    const stale = await invoke('ChannelTypesService', 'SaveChannelType', {
      as: sysAdmin,
      body: { channelType: { ...created, Name: 'Stale' } },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.ErrorMessage).toMatch(/changed by someone else/);
    const unknown = await invoke('ChannelTypesService', 'SaveChannelType', {
      as: sysAdmin,
      body: { channelType: { ...created, ID: 987654 } },
    });
    expect(unknown.status).toBe(404);
  });

  it('keeps names unique in the catalogue (case-insensitive), also on rename', async () => {
    const dup = await invoke('ChannelTypesService', 'SaveChannelType', {
      as: sysAdmin,
      body: { channelType: { ID: 0, Name: 'google search', Group: 'Search', DefaultBuyType: 'CPC' } },
    });
    expect(dup.status).toBe(409);
    expect(dup.body.ErrorMessage).toBe('A channel type named "google search" exists already');
    const t = await createType();
    const rename = await invoke('ChannelTypesService', 'SaveChannelType', {
      as: sysAdmin,
      body: { channelType: { ...t, Name: 'YouTube' } },
    });
    expect(rename.status).toBe(409);
    expect(rename.body.ErrorMessage).toContain('YouTube');
    // The old name is released by a successful rename.
    const moved = await invoke('ChannelTypesService', 'SaveChannelType', {
      as: sysAdmin,
      body: { channelType: { ...t, Name: `${t.Name} v2` } },
    });
    expect(moved.status).toBe(200);
    const reuse = await createType(t.Name);
    expect(reuse.ID).not.toBe(t.ID);
  });

  it('validates group, buy type and connector type by name', async () => {
    const r = await invoke('ChannelTypesService', 'SaveChannelType', {
      as: sysAdmin,
      body: { channelType: { ID: 0, Name: unique('Bad'), Group: 'Podcast', DefaultBuyType: 'CPM' } },
    });
    expect(r.status).toBe(400);
    expect(r.body.ErrorMessage).toContain('channelType.Group');
  });

  it('is for system administrators only: a company Admin without isSystemAdmin gets 403', async () => {
    for (const as of [c.admin, c.planner, c.client]) {
      const r = await invoke('ChannelTypesService', 'SaveChannelType', {
        as,
        body: { channelType: { ID: 0, Name: unique('Sneaky'), Group: 'Search', DefaultBuyType: 'CPC' } },
      });
      expect(r.status).toBe(403);
      expect(r.body.ErrorMessage).toBe('Required permission missing: system administrator');
    }
  });
});

describe('AccountsService.UpdateChannelTypesField', () => {
  it('edits one allowed field, validated per field, with an audit entry', async () => {
    const t = await createType();
    const edit = (field_name: string, field_value: unknown, as = sysAdmin) =>
      invoke('AccountsService', 'UpdateChannelTypesField', { as, body: { Id: t.ID, field_name, field_value } });

    const group = await edit('Group', 'Video');
    expect(group.status).toBe(200);
    expect(group.body.Response).toMatchObject({ Group: 'Video', version: 2 });
    expect((await edit('Active', 'true')).body.Response).toMatchObject({ Active: true, version: 3 });
    expect((await edit('Active', 0)).body.Response).toMatchObject({ Active: false, version: 4 });
    expect((await edit('ConnectorType', 'dv360')).body.Response.ConnectorType).toBe('dv360');
    expect((await edit('DefaultBuyType', 'CPV')).body.Response.DefaultBuyType).toBe('CPV');
    expect((await edit('Name', `${t.Name} edited`)).body.Response.Name).toBe(`${t.Name} edited`);
    // Setting the value it already has writes nothing.
    const same = await edit('Group', 'Video');
    expect(same.body.Response.version).toBe(7);
    expect(await platformAudit(t.ID)).toHaveLength(7);

    const badGroup = await edit('Group', 'Podcast');
    expect(badGroup.status).toBe(400);
    expect(badGroup.body.ErrorMessage).toMatch(/^field_value: not a valid Group/);
    const badActive = await edit('Active', 'maybe');
    expect(badActive.status).toBe(400);
    expect(badActive.body.ErrorMessage).toContain('field_value');
    const blank = await edit('Name', '  ');
    expect(blank.status).toBe(400);
  });

  it('refuses any field outside the allow-list, naming it', async () => {
    const t = await createType();
    for (const field of ['ID', 'version', 'createdBy', 'pk', '__proto__']) {
      const r = await invoke('AccountsService', 'UpdateChannelTypesField', {
        as: sysAdmin,
        body: { Id: t.ID, field_name: field, field_value: '1' },
      });
      expect(r.status).toBe(400);
      expect(r.body.ErrorMessage).toBe(
        `field_name: '${field}' cannot be edited here; editable fields are Name, Group, DefaultBuyType, ConnectorType, Active`,
      );
    }
  });

  it('accepts the legacy form post', async () => {
    const t = await createType();
    const r = await invoke('AccountsService', 'UpdateChannelTypesField', {
      as: sysAdmin,
      contentType: 'application/x-www-form-urlencoded',
      rawBody: `Id=${t.ID}&field_name=Active&field_value=true`,
    });
    expect(r.status).toBe(200);
    expect(r.body.Response.Active).toBe(true);
    await invoke('AccountsService', 'UpdateChannelTypesField', {
      as: sysAdmin,
      body: { Id: t.ID, field_name: 'Active', field_value: false },
    });
  });

  it('answers 404 for an unknown id and 403 for an Admin who is not a system administrator', async () => {
    const unknown = await invoke('AccountsService', 'UpdateChannelTypesField', {
      as: sysAdmin,
      body: { Id: 987654, field_name: 'Name', field_value: 'x' },
    });
    expect(unknown.status).toBe(404);
    const t = await createType();
    const admin = await invoke('AccountsService', 'UpdateChannelTypesField', {
      as: c.admin,
      body: { Id: t.ID, field_name: 'Name', field_value: 'Hacked' },
    });
    expect(admin.status).toBe(403);
    expect((await listChannelTypes()).find((x) => x.ID === t.ID)?.Name).toBe(t.Name);
  });
});
