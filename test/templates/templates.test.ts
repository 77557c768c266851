import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { seedChannelTypeCatalogue } from '../../lambdas/domain/channel-type-catalogue';
import { shareHundredths, templateLinesFor } from '../../lambdas/domain/templates';
import { listChannelTypes, type ChannelType } from '../../lambdas/repositories/channel-types';
import { ddb, tableName } from '../../lambdas/repositories/client';
import { keys } from '../../lambdas/repositories/keys';
import type { UserProfile } from '../../lambdas/repositories/profiles';
import { Permission, Role } from '../../lambdas/shared/permissions';
import { invoke, makeCompany, makeUser, useTestTable, type Company } from '../support/world';

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
  ChannelTypeId: type(name).ID, SharePct, BuyType: type(name).DefaultBuyType, UnitCost: 2.5, ...extra,
});
const save = (template: Record<string, unknown>, as: UserProfile = settings) =>
  invoke('TemplatesService', 'SaveTemplate', { as, body: { template: { ID: 0, Description: '', ...template } } });

async function createTemplate(name = 'Always-on performance') {
  const r = await save({ Name: name, Lines: [line('Google Search', 50), line('Meta (Facebook)', 30), line('YouTube', 20, { UnitCost: 0.0125 })] });
  expect(r.status).toBe(200);
  return r.body.Response;
}

describe('TemplatesService.SaveTemplate', () => {
  it('creates a template with its lines, version 1 and an audit entry', async () => {
    const t = await createTemplate();
    expect(t).toMatchObject({ Name: 'Always-on performance', Status: 'Active', version: 1, createdBy: settings.email });
    expect(t.Lines).toEqual([
      { ChannelTypeId: type('Google Search').ID, SharePct: 50, BuyType: 'CPC', UnitCost: 2.5, ManagementFeePct: null, SystemFeePct: null, Notes: '' },
      expect.objectContaining({ SharePct: 30, BuyType: 'CPM' }),
      expect.objectContaining({ SharePct: 20, BuyType: 'CPV', UnitCost: 0.0125 }),
    ]);
    const audit = await ddb().send(new QueryCommand({
      TableName: tableName(), KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
      ExpressionAttributeValues: { ':pk': keys.auditPk(c.companyId), ':p': `Template#${t.ID}#` },
    }));
    expect(audit.Items).toHaveLength(1);
  });

  it('needs the shares to add up to exactly 100 %, compared in hundredths', async () => {
    const short = await save({ Name: 'Short', Lines: [line('Google Search', 50), line('TikTok', 45.5)] });
    expect(short.status).toBe(400);
    expect(short.body.ErrorMessage).toBe('template.Lines: shares add up to 95.5 %, they must add up to 100 %');
    const over = await save({ Name: 'Over', Lines: [line('Google Search', 60.01), line('TikTok', 40)] });
    expect(over.body.ErrorMessage).toBe('template.Lines: shares add up to 100.01 %, they must add up to 100 %');
    // Floats would make this 99.99999999999999; hundredths make it exactly 100.
    const thirds = await save({ Name: 'Thirds', Lines: [line('Google Search', 33.33), line('TikTok', '33.33'), line('Radio', 33.34)] });
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
      [[line('Google Search', 100, { ManagementFeePct: 101 })], 'template.Lines.0.ManagementFeePct: must be between 0 and 100'],
      [[{ ...line('Google Search', 100), ChannelTypeId: 987654 }], 'template.Lines.0.ChannelTypeId: channel type 987654 does not exist'],
      [[], 'template.Lines: needs at least one line'],
      [Array.from({ length: 101 }, () => line('Google Search', 1)), 'template.Lines: may have at most 100 lines'],
    ];
    for (const [Lines, message] of cases) {
      const r = await save({ Name: 'Bad', Lines });
      expect([r.status, r.body.ErrorMessage]).toEqual([400, expect.stringContaining(message)]);
    }
    const fees = await save({ Name: 'Fees', Lines: [line('LinkedIn', 100, { ManagementFeePct: 12.5, SystemFeePct: '', Notes: 'B2B' })] });
    expect(fees.status).toBe(200);
    expect(fees.body.Response.Lines[0]).toMatchObject({ ManagementFeePct: 12.5, SystemFeePct: null, Notes: 'B2B' });
    const hundred = await save({ Name: '100 lines', Lines: Array.from({ length: 100 }, () => line('Google Search', 1)) });
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
    const mk = async (Name: string) => (await save({ Name, Lines: [line('Google Search', 70), line('Instagram', 30)] }, co.admin)).body.Response;
    const b = await mk('Brand launch');
    const a = await mk('Always on');
    const listed = await invoke('TemplatesService', 'GetTemplatesList', { as: co.planner, body: {} });
    expect(listed.status).toBe(200);
    expect(listed.body.Response.Items.map((t: { Name: string }) => t.Name)).toEqual(['Always on', 'Brand launch']);
    expect(listed.body.Response.Items[0]).toMatchObject({ ID: a.ID, LineCount: 2, version: 1 });
    expect(listed.body.Response.Items[0].Lines).toBeUndefined();

    const info = await invoke('TemplatesService', 'GetTemplateInfo', { as: co.planner, accountId: co.accounts.main.ID, body: { templateId: b.ID } });
    expect(info.status).toBe(200);
    expect(info.body.Response.Lines.map((l: { ChannelTypeName: string; ChannelGroup: string }) => [l.ChannelTypeName, l.ChannelGroup]))
      .toEqual([['Google Search', 'Search'], ['Instagram', 'Social']]);

    const del = await invoke('TemplatesService', 'DeleteTemplate', { as: co.admin, body: { templateId: b.ID } });
    expect(del.status).toBe(200);
    expect(del.body.Response).toMatchObject({ Status: 'Archived', version: 2 });
    expect((await invoke('TemplatesService', 'DeleteTemplate', { as: co.admin, body: { templateId: b.ID } })).body.Response.version).toBe(2);
    const after = await invoke('TemplatesService', 'GetTemplatesList', { as: co.planner, body: {} });
    expect(after.body.Response.Items.map((t: { ID: number }) => t.ID)).toEqual([a.ID]);
    // Archived templates stay readable, but cannot be edited or applied.
    expect((await invoke('TemplatesService', 'GetTemplateInfo', { as: co.planner, body: { templateId: b.ID } })).body.Response.Status).toBe('Archived');
    expect((await save({ ...b, version: 2 }, co.admin)).status).toBe(409);
    await expect(templateLinesFor(co.companyId, b.ID)).rejects.toMatchObject({ statusCode: 409 });
  });

  it('keeps templates inside the company and away from client users', async () => {
    const t = await createTemplate('Ours');
    const other = await makeCompany('Other Agency');
    const foreign = await invoke('TemplatesService', 'GetTemplateInfo', { as: other.admin, body: { templateId: t.ID } });
    expect(foreign.status).toBe(404);
    const theirs = await invoke('TemplatesService', 'GetTemplatesList', { as: other.admin, body: {} });
    expect(theirs.body.Response.Items).toEqual([]);
    for (const [method, body] of [['GetTemplatesList', {}], ['GetTemplateInfo', { templateId: t.ID }]] as const) {
      expect((await invoke('TemplatesService', method, { as: c.client, body })).status).toBe(403);
    }
    expect((await invoke('TemplatesService', 'DeleteTemplate', { as: c.planner, body: { templateId: t.ID } })).status).toBe(403);
    // A page account the caller may not see is refused even for company-wide data.
    const page = await invoke('TemplatesService', 'GetTemplatesList', { as: other.admin, accountId: c.accounts.main.ID + 1000000, body: {} });
    expect(page.status).toBe(403);
  });
});

describe('templateLinesFor (for applying a template to a media mix)', () => {
  it("returns an active template's lines; unknown ids are 404", async () => {
    const t = await createTemplate('To apply');
    const lines = await templateLinesFor(c.companyId, t.ID);
    expect(shareHundredths(lines)).toBe(10_000);
    expect(lines.map((l) => l.ChannelTypeId)).toEqual([type('Google Search').ID, type('Meta (Facebook)').ID, type('YouTube').ID]);
    await expect(templateLinesFor(c.companyId, 987654)).rejects.toMatchObject({ statusCode: 404 });
  });
});
