import { QueryCommand } from '../../lambdas/aws/dynamodb/commands';
import { seedChannelTypeCatalogue } from '../../lambdas/modules/channel-types/catalogue';
import { saveChannelType } from '../../lambdas/modules/channel-types/channel-types';
import { shareHundredths, templateLinesFor } from '../../lambdas/modules/templates/templates';
import type { ChannelType } from '../../lambdas/modules/channel-types/channel-type-store';
import { listChannelTypes } from '../../lambdas/modules/channel-types/channel-type-store.dynamodb';
import { ddb, tableName } from '../../lambdas/aws/dynamodb/client';
import { nextId } from '../../lambdas/aws/dynamodb/counters';
import { keys } from '../../lambdas/aws/dynamodb/keys';
import type { UserProfile } from '../../lambdas/modules/tenancy/profile-store';
import type { Template } from '../../lambdas/modules/templates/store';
import { getTemplate, insertTemplate, replaceTemplate } from '../../lambdas/modules/templates/store.dynamodb';
import { channelTypeInput } from '../../lambdas/modules/channel-types/schemas';
import { Permission, Role } from '../../lambdas/shared/permissions';
import { platformOperator } from '../support/fixtures/platform';
import { seedActivity, seedVersion } from '../support/media-plans';
import { invoke, makeCompany, makeUser, tableSnapshot, useTestTable, type Company } from '../support/world';

/** TemplatesService: media-plan skeletons whose shares add up to exactly 100 %. */
let c: Company;
let settings: UserProfile;
let type: (name: string) => ChannelType;
beforeAll(async () => {
  useTestTable();
  await seedChannelTypeCatalogue();
  c = await makeCompany('Template Agency');
  settings = await makeUser(c.companyId, Role.MediaManager, [Permission.GeneralSettings]);
  const catalogue = await listChannelTypes();
  type = (name) => catalogue.find((t) => t.Name === name)!;
});

const line = (name: string, SharePct: number | string, extra: Record<string, unknown> = {}) => ({
  ChannelTypeId: type(name).ID,
  SharePct,
  BuyType: type(name).DefaultBuyType,
  UnitCost: 2.5,
  ...extra,
});
const save = (template: Record<string, unknown>, as: UserProfile = settings) =>
  invoke('TemplatesService', 'SaveTemplate', { as, body: { template: { ID: 0, Description: '', ...template } } });

async function createTemplate(name = 'Always-on performance') {
  const r = await save({
    Name: name,
    Lines: [line('Google Search', 50), line('Meta (Facebook)', 30), line('YouTube', 20, { UnitCost: 0.0125 })],
  });
  expect(r.status).toBe(200);
  return r.body.Response;
}

describe('TemplatesService.SaveTemplate', () => {
  it('creates a template with its lines, version 1 and an audit entry', async () => {
    const t = await createTemplate();
    expect(t).toMatchObject({ Name: 'Always-on performance', Status: 'Active', version: 1, createdBy: settings.email });
    expect(t.Lines).toEqual([
      {
        ChannelTypeId: type('Google Search').ID,
        SharePct: 50,
        BuyType: 'CPC',
        UnitCost: 2.5,
        ManagementFeePct: null,
        SystemFeePct: null,
        Notes: '',
      },
      expect.objectContaining({ SharePct: 30, BuyType: 'CPM' }),
      expect.objectContaining({ SharePct: 20, BuyType: 'CPV', UnitCost: 0.0125 }),
    ]);
    const audit = await ddb().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
        ExpressionAttributeValues: { ':pk': keys.auditPk(c.companyId), ':p': `Template#${t.ID}#` },
      }),
    );
    expect(audit.Items).toHaveLength(1);
  });

  it('needs the shares to add up to exactly 100 %, compared in hundredths', async () => {
    const short = await save({ Name: 'Short', Lines: [line('Google Search', 50), line('TikTok', 45.5)] });
    expect(short.status).toBe(400);
    expect(short.body.ErrorMessage).toBe('template.Lines: shares add up to 95.5 %, they must add up to 100 %');
    const over = await save({ Name: 'Over', Lines: [line('Google Search', 60.01), line('TikTok', 40)] });
    expect(over.body.ErrorMessage).toBe('template.Lines: shares add up to 100.01 %, they must add up to 100 %');
    // Floats would make this 99.99999999999999; hundredths make it exactly 100.
    const thirds = await save({
      Name: 'Thirds',
      Lines: [line('Google Search', 33.33), line('TikTok', '33.33'), line('Radio', 33.34)],
    });
    expect(thirds.status).toBe(200);
    expect(shareHundredths([{ SharePct: 0.1 }, { SharePct: 0.2 }, { SharePct: 99.7 }])).toBe(10_000);
  });

  it('validates each line by name: share, buy type, unit cost, fees, channel type', async () => {
    const cases: [Record<string, unknown>[], string][] = [
      [[line('Google Search', 100.5)], 'template.Lines.0.SharePct: must be between 0 and 100'],
      [[line('Google Search', 99.999)], 'template.Lines.0.SharePct: may have at most 2 decimals'],
      [[line('Google Search', 100, { BuyType: 'CPL' })], 'template.Lines.0.BuyType'],
      [[line('Google Search', 100, { UnitCost: -1 })], 'template.Lines.0.UnitCost: must be 0 or more'],
      [[line('Google Search', 100, { UnitCost: 1.23456 })], 'template.Lines.0.UnitCost: may have at most 4 decimals'],
      [
        [line('Google Search', 100, { ManagementFeePct: 101 })],
        'template.Lines.0.ManagementFeePct: must be between 0 and 100',
      ],
      [
        [{ ...line('Google Search', 100), ChannelTypeId: 987654 }],
        'template.Lines.0.ChannelTypeId: channel type 987654 does not exist',
      ],
      [[], 'template.Lines: needs at least one line'],
      [Array.from({ length: 101 }, () => line('Google Search', 1)), 'template.Lines: may have at most 100 lines'],
    ];
    for (const [Lines, message] of cases) {
      const r = await save({ Name: 'Bad', Lines });
      expect([r.status, r.body.ErrorMessage]).toEqual([400, expect.stringContaining(message)]);
    }
    const fees = await save({
      Name: 'Fees',
      Lines: [line('LinkedIn', 100, { ManagementFeePct: 12.5, SystemFeePct: '', Notes: 'B2B' })],
    });
    expect(fees.status).toBe(200);
    expect(fees.body.Response.Lines[0]).toMatchObject({ ManagementFeePct: 12.5, SystemFeePct: null, Notes: 'B2B' });
    const hundred = await save({
      Name: '100 lines',
      Lines: Array.from({ length: 100 }, () => line('Google Search', 1)),
    });
    expect(hundred.status).toBe(200);
  });

  it('updates with the version read; a stale version is 409, a missing one 400', async () => {
    const t = await createTemplate('Versioned');
    const upd = await save({ ...t, Name: 'Versioned v2', Lines: [line('Google Search', 100)] });
    expect(upd.status).toBe(200);
    expect(upd.body.Response).toMatchObject({ ID: t.ID, Name: 'Versioned v2', version: 2, createdBy: settings.email });
    expect((await save({ ...t, Name: 'Stale' })).status).toBe(409);
    const { version: _v, ...noVersion } = t;
    const missing = await save({ ...noVersion, Name: 'No version' });
    expect([missing.status, missing.body.ErrorMessage]).toEqual([400, expect.stringContaining('template.version')]);
  });

  it('needs GeneralSettings: a planner or a client gets 403', async () => {
    for (const as of [c.planner, c.client]) {
      const r = await save({ Name: 'Nope', Lines: [line('Google Search', 100)] }, as);
      expect(r.status).toBe(403);
    }
    expect((await save({ Name: 'Admin may', Lines: [line('Google Search', 100)] }, c.admin)).status).toBe(200);
  });
});

describe('TemplatesService.GetTemplatesList / GetTemplateInfo / DeleteTemplate', () => {
  it('lists active templates by name without lines, shows one with its channel names, and archives', async () => {
    const co = await makeCompany('List Agency');
    const mk = async (Name: string) =>
      (await save({ Name, Lines: [line('Google Search', 70), line('Instagram', 30)] }, co.admin)).body.Response;
    const b = await mk('Brand launch');
    const a = await mk('Always on');
    const listed = await invoke('TemplatesService', 'GetTemplatesList', { as: co.planner, body: {} });
    expect(listed.status).toBe(200);
    expect(listed.body.Response.Items.map((t: { Name: string }) => t.Name)).toEqual(['Always on', 'Brand launch']);
    expect(listed.body.Response.Items[0]).toMatchObject({ ID: a.ID, LineCount: 2, version: 1 });
    expect(listed.body.Response.Items[0].Lines).toBeUndefined();

    const info = await invoke('TemplatesService', 'GetTemplateInfo', {
      as: co.planner,
      accountId: co.accounts.main.ID,
      body: { templateId: b.ID },
    });
    expect(info.status).toBe(200);
    expect(
      info.body.Response.Lines.map((l: { ChannelTypeName: string; ChannelGroup: string }) => [
        l.ChannelTypeName,
        l.ChannelGroup,
      ]),
    ).toEqual([
      ['Google Search', 'Search'],
      ['Instagram', 'Social'],
    ]);

    const del = await invoke('TemplatesService', 'DeleteTemplate', { as: co.admin, body: { templateId: b.ID } });
    expect(del.status).toBe(200);
    expect(del.body.Response).toMatchObject({ Status: 'Archived', version: 2 });
    expect(
      (await invoke('TemplatesService', 'DeleteTemplate', { as: co.admin, body: { templateId: b.ID } })).body.Response
        .version,
    ).toBe(2);
    const after = await invoke('TemplatesService', 'GetTemplatesList', { as: co.planner, body: {} });
    expect(after.body.Response.Items.map((t: { ID: number }) => t.ID)).toEqual([a.ID]);
    // Archived templates stay readable, but cannot be edited or applied.
    expect(
      (await invoke('TemplatesService', 'GetTemplateInfo', { as: co.planner, body: { templateId: b.ID } })).body
        .Response.Status,
    ).toBe('Archived');
    expect((await save({ ...b, version: 2 }, co.admin)).status).toBe(409);
    await expect(templateLinesFor(co.companyId, b.ID)).rejects.toMatchObject({ statusCode: 409 });
  });

  it('keeps templates inside the company and away from client users', async () => {
    const t = await createTemplate('Ours');
    const other = await makeCompany('Other Agency');
    const foreign = await invoke('TemplatesService', 'GetTemplateInfo', {
      as: other.admin,
      body: { templateId: t.ID },
    });
    expect(foreign.status).toBe(404);
    const theirs = await invoke('TemplatesService', 'GetTemplatesList', { as: other.admin, body: {} });
    expect(theirs.body.Response.Items).toEqual([]);
    for (const [method, body] of [
      ['GetTemplatesList', {}],
      ['GetTemplateInfo', { templateId: t.ID }],
    ] as const) {
      expect((await invoke('TemplatesService', method, { as: c.client, body })).status).toBe(403);
    }
    expect(
      (await invoke('TemplatesService', 'DeleteTemplate', { as: c.planner, body: { templateId: t.ID } })).status,
    ).toBe(403);
    // A page account the caller may not see is refused even for company-wide data.
    const page = await invoke('TemplatesService', 'GetTemplatesList', {
      as: other.admin,
      accountId: c.accounts.main.ID + 1000000,
      body: {},
    });
    expect(page.status).toBe(403);
  });
});

describe('templateLinesFor (for applying a template to a media mix)', () => {
  it("returns an active template's lines; unknown ids are 404", async () => {
    const t = await createTemplate('To apply');
    const lines = await templateLinesFor(c.companyId, t.ID);
    expect(shareHundredths(lines)).toBe(10_000);
    expect(lines.map((l) => l.ChannelTypeId)).toEqual([
      type('Google Search').ID,
      type('Meta (Facebook)').ID,
      type('YouTube').ID,
    ]);
    await expect(templateLinesFor(c.companyId, 987654)).rejects.toMatchObject({ statusCode: 404 });
  });
});

describe('TemplatesService.RestoreTemplate (and GetTemplatesList archived)', () => {
  const restore = (templateId: number, as: UserProfile = settings) =>
    invoke('TemplatesService', 'RestoreTemplate', { as, body: { templateId } });
  const archive = (templateId: number, as: UserProfile = settings) =>
    invoke('TemplatesService', 'DeleteTemplate', { as, body: { templateId } });
  const listed = async (co: Company, body: Record<string, unknown> = {}) => {
    const r = await invoke('TemplatesService', 'GetTemplatesList', { as: co.planner, body });
    expect(r.status).toBe(200);
    return r.body.Response.Items as { ID: number; Name: string; Status: string; LineCount: number; Lines?: unknown }[];
  };
  const auditOf = async (companyId: number, id: number) =>
    (
      await ddb().send(
        new QueryCommand({
          TableName: tableName(),
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
          ExpressionAttributeValues: { ':pk': keys.auditPk(companyId), ':p': `Template#${id}#` },
        }),
      )
    ).Items ?? [];
  /** This company's items (other test files write to the same table meanwhile). */
  const itemsOf = async (co: Company) =>
    (await tableSnapshot()).filter((i) => i.includes(`"C#${co.companyId}"`) || i.includes(`"C#${co.companyId}#`));

  it('archive → listed only with archived: true → restore → listed as active again, audited, version bumped', async () => {
    const co = await makeCompany('Restore Agency');
    const mk = async (Name: string) =>
      (await save({ Name, Lines: [line('Google Search', 70), line('Instagram', 30)] }, co.admin)).body
        .Response as Template;
    const kept = await mk('Always on');
    const t = await mk('Summer sale');
    expect((await archive(t.ID, co.admin)).body.Response).toMatchObject({ Status: 'Archived', version: 2 });

    expect((await listed(co)).map((x) => x.ID)).toEqual([kept.ID]);
    expect((await listed(co, { archived: false })).map((x) => x.ID)).toEqual([kept.ID]);
    const archived = await listed(co, { archived: true });
    expect(archived).toEqual([
      expect.objectContaining({ ID: t.ID, Name: 'Summer sale', Status: 'Archived', LineCount: 2, version: 2 }),
    ]);
    expect(archived[0].Lines).toBeUndefined();
    // Legacy form bodies send the flag as a string.
    expect((await listed(co, { archived: 'true' })).map((x) => x.ID)).toEqual([t.ID]);
    expect((await listed(co, { archived: '0' })).map((x) => x.ID)).toEqual([kept.ID]);

    const r = await restore(t.ID, co.admin);
    expect(r.status).toBe(200);
    expect(r.body.Response).toMatchObject({
      ID: t.ID,
      Status: 'Active',
      version: 3,
      updatedBy: co.admin.email,
      createdBy: co.admin.email,
      Lines: t.Lines,
    });
    expect((await listed(co)).map((x) => x.Name)).toEqual(['Always on', 'Summer sale']);
    expect(await listed(co, { archived: true })).toEqual([]);
    expect(await getTemplate(co.companyId, t.ID, true)).toMatchObject({ Status: 'Active', version: 3 });

    const audit = await auditOf(co.companyId, t.ID);
    expect(audit.map((a) => a.action).sort()).toEqual(['archive', 'create', 'restore']);
    expect(audit.find((a) => a.action === 'restore')).toMatchObject({
      who: co.admin.email,
      before: { Status: 'Archived', version: 2 },
      after: { Status: 'Active', version: 3 },
    });
    // Active again: editable and applicable.
    expect(await templateLinesFor(co.companyId, t.ID)).toHaveLength(2);
    expect((await save({ ...r.body.Response, Name: 'Summer sale 2' }, co.admin)).body.Response).toMatchObject({
      version: 4,
    });
  });

  it('restoring an active template answers it unchanged: no write, no audit entry', async () => {
    const t = await createTemplate('Never archived');
    const before = await itemsOf(c);
    const r = await restore(t.ID);
    expect(r.status).toBe(200);
    expect(r.body.Response).toMatchObject({ ID: t.ID, Status: 'Active', version: 1 });
    expect(await itemsOf(c)).toEqual(before);
    expect((await auditOf(c.companyId, t.ID)).map((a) => a.action)).toEqual(['create']);
    // Twice in a row: the second is the no-op.
    await archive(t.ID);
    expect((await restore(t.ID)).body.Response.version).toBe(3);
    expect((await restore(t.ID)).body.Response.version).toBe(3);
  });

  it("unknown id → 404, another company's id → 404, no GeneralSettings → 403; nothing changes", async () => {
    const t = await createTemplate('Guarded');
    await archive(t.ID);
    const other = await makeCompany('Other Restore Agency');
    const before = await itemsOf(c);
    const unknown = await restore(987654);
    expect([unknown.status, unknown.body.ErrorMessage]).toEqual([404, 'Template 987654 was not found']);
    // Keys carry the company: the same id in another company is simply not there.
    const foreign = await restore(t.ID, other.admin);
    expect([foreign.status, foreign.body.ErrorMessage]).toEqual([404, `Template ${t.ID} was not found`]);
    for (const as of [c.planner, c.client, c.analyst]) expect((await restore(t.ID, as)).status).toBe(403);
    // A page account the caller may not see (account ids are per company: this one is nobody's in `other`).
    expect(
      (
        await invoke('TemplatesService', 'RestoreTemplate', {
          as: other.admin,
          accountId: c.accounts.main.ID + 1000000,
          body: { templateId: t.ID },
        })
      ).status,
    ).toBe(403);
    expect(await itemsOf(c)).toEqual(before);
    expect((await restore(t.ID)).status).toBe(200);
  });

  it('the write is conditional on the version read: a stale restore is 409 and writes nothing', async () => {
    const t = await createTemplate('Raced');
    await archive(t.ID);
    const read = (await getTemplate(c.companyId, t.ID, true))!;
    // Someone restores (and edits) it between our read and our write.
    expect((await restore(t.ID)).status).toBe(200);
    const before = await itemsOf(c);
    const after: Template = {
      ...read,
      Status: 'Active',
      version: read.version + 1,
      updatedBy: settings.email,
      updatedAt: new Date().toISOString(),
    };
    await expect(replaceTemplate(c.companyId, read, after, 'restore')).rejects.toMatchObject({
      statusCode: 409,
      message: expect.stringMatching(/changed by someone else/),
    });
    expect(await itemsOf(c)).toEqual(before);

    // Two restores at once: one writes, the other answers the restored template or 409; one audit entry.
    const u = await createTemplate('Raced twice');
    await archive(u.ID);
    const both = await Promise.all([restore(u.ID), restore(u.ID)]);
    expect(both.map((r) => r.status)).toContain(200);
    for (const r of both) expect([200, 409]).toContain(r.status);
    expect((await auditOf(c.companyId, u.ID)).filter((a) => a.action === 'restore')).toHaveLength(1);
    expect(await getTemplate(c.companyId, u.ID, true)).toMatchObject({ Status: 'Active', version: 3 });
  });

  it('restores a template whose channel type was retired meanwhile; applying it then refuses, naming the type', async () => {
    const operator = await platformOperator();
    // A retired type of its own (a shared one retired here would disturb the other suites).
    const retired = await saveChannelType(
      operator,
      channelTypeInput.parse({
        ID: 0,
        Name: `Retired radio ${Date.now()}`,
        Group: 'Offline',
        DefaultBuyType: 'Flat',
        ConnectorType: 'none',
        Active: false,
      }),
    );
    // As it was saved while the type was active (SaveTemplate refuses new lines of a retired type).
    const now = new Date().toISOString();
    const old: Template = {
      ID: await nextId(c.companyId, 'Template'),
      Name: 'Old radio mix',
      Description: '',
      Status: 'Archived',
      version: 2,
      createdAt: now,
      createdBy: settings.email,
      updatedAt: now,
      updatedBy: settings.email,
      Lines: [
        {
          ChannelTypeId: type('Google Search').ID,
          SharePct: 50,
          BuyType: 'CPC',
          UnitCost: 2,
          ManagementFeePct: null,
          SystemFeePct: null,
          Notes: '',
        },
        {
          ChannelTypeId: retired.ID,
          SharePct: 50,
          BuyType: 'Flat',
          UnitCost: 1000,
          ManagementFeePct: null,
          SystemFeePct: null,
          Notes: '',
        },
      ],
    };
    await insertTemplate(c.companyId, old);
    const r = await restore(old.ID);
    expect(r.status).toBe(200);
    expect(r.body.Response).toMatchObject({ Status: 'Active', version: 3 });
    const info = await invoke('TemplatesService', 'GetTemplateInfo', { as: c.planner, body: { templateId: old.ID } });
    expect(info.body.Response.Lines[1]).toMatchObject({ ChannelTypeId: retired.ID, ChannelTypeActive: false });

    const version = await seedVersion(c, await seedActivity(c, { name: 'Radio flight' }));
    const apply = await invoke('TemplatesService', 'ApplyTemplate', {
      as: c.planner,
      accountId: c.accounts.main.ID,
      body: { templateId: old.ID, mediaMixId: version.ID, totalBudget: 1000 },
    });
    expect(apply.status).toBe(400);
    expect(apply.body.ErrorMessage).toContain(`${retired.Name} (${retired.ID})`);
  });
});
