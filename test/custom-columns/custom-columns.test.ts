import { QueryCommand } from '../../lambdas/aws/dynamodb/commands';
import { staleVersion } from '../../lambdas/core/errors';
import { evaluateFormula, parseFormula, METRIC_NAMES } from '../../lambdas/shared/formula';
import { ddb, tableName } from '../../lambdas/aws/dynamodb/client';
import { nextId } from '../../lambdas/aws/dynamodb/counters';
import {
  getCustomColumn,
  insertCustomColumn,
  replaceCustomColumn,
  type CustomColumn,
} from '../../lambdas/modules/custom-columns/store.dynamodb';
import { keys } from '../../lambdas/aws/dynamodb/keys';
import type { UserProfile } from '../../lambdas/modules/tenancy/profile-store';
import { Permission, Role } from '../../lambdas/shared/permissions';
import { invoke, makeCompany, makeUser, tableSnapshot, type Company } from '../support/world';

/** CustomColumnsService: formula columns checked by the shared parser, unique names per scope. */
let c: Company;
let settings: UserProfile;
beforeAll(async () => {
  c = await makeCompany('Columns Agency');
  settings = await makeUser(c.companyId, Role.MediaManager, [Permission.GeneralSettings]);
});

const save = (customColumn: Record<string, unknown>, as: UserProfile = settings, co: Company = c) =>
  invoke('CustomColumnsService', 'SaveCustomColumn', {
    as,
    accountId: co.accounts.main.ID,
    body: { customColumn: { ID: 0, Format: 'number', ...customColumn } },
  });
const check = (formula: string, scope: string, as: UserProfile = c.planner) =>
  invoke('CustomColumnsService', 'CheckFormula', { as, body: { formula, scope } });
const listOf = async (as: UserProfile, scope?: string, extra: Record<string, unknown> = {}) => {
  const r = await invoke('CustomColumnsService', 'GetCustomColumnsList', {
    as,
    body: { ...(scope ? { scope } : {}), ...extra },
  });
  expect(r.status).toBe(200);
  return r.body.Response.Items as { ID: number; Name: string; Scope: string; Status: string }[];
};

describe('CustomColumnsService.SaveCustomColumn', () => {
  it('saves a valid formula with the metric names it uses', async () => {
    const r = await save({
      Name: 'Cost per lead',
      Formula: ' Spend / conversions ',
      Format: 'currency',
      Scope: 'performance',
    });
    expect(r.status).toBe(200);
    expect(r.body.Response).toMatchObject({
      Name: 'Cost per lead',
      Formula: 'Spend / conversions',
      Names: ['spend', 'conversions'],
      Format: 'currency',
      Scope: 'performance',
      Status: 'Active',
      version: 1,
      createdBy: settings.email,
    });
    // What the console does with it: evaluate, division by zero gives 0.
    const parsed = parseFormula(r.body.Response.Formula, METRIC_NAMES.performance);
    expect(parsed.ok && evaluateFormula(parsed.ast, { spend: 100, conversions: 0 })).toBe(0);
  });

  it('refuses unknown names and syntax errors with their position', async () => {
    const cases: [string, string, string][] = [
      ['2 * spnd / conversions', 'performance', "customColumn.Formula: Unknown name 'spnd' at position 4"],
      ['spend / conversions', 'mediaPlan', "customColumn.Formula: Unknown name 'spend' at position 0"],
      ['clicks / (impressions * 100', 'performance', "customColumn.Formula: Missing ')' opened at position 9"],
      ['clicks // impressions', 'performance', "customColumn.Formula: Unexpected '/' at position 8"],
      ['budget; drop table', 'mediaPlan', "customColumn.Formula: Unexpected character ';' at position 6"],
      ['   ', 'mediaPlan', "customColumn.Formula: Expected a number, a name or '(' at position 3"],
    ];
    for (const [Formula, Scope, message] of cases) {
      const r = await save({ Name: `Bad ${Formula}`, Formula, Scope });
      expect([r.status, r.body.ErrorMessage]).toEqual([400, message]);
    }
  });

  it('keeps names unique per company and scope (409), case-insensitively; archiving frees the name', async () => {
    const first = await save({ Name: 'Margin', Formula: 'total - net', Scope: 'mediaPlan' });
    expect(first.status).toBe(200);
    const dup = await save({ Name: 'margin', Formula: 'budget', Scope: 'mediaPlan' });
    expect(dup.status).toBe(409);
    expect(dup.body.ErrorMessage).toBe('customColumn.Name: a media plan column named "margin" exists already');
    // Same name in the other scope, or in another company: fine.
    expect((await save({ Name: 'Margin', Formula: 'conversionValue - spend', Scope: 'performance' })).status).toBe(200);
    const other = await makeCompany('Other Columns Agency');
    expect((await save({ Name: 'Margin', Formula: 'budget', Scope: 'mediaPlan' }, other.admin, other)).status).toBe(
      200,
    );

    const del = await invoke('CustomColumnsService', 'DeleteCustomColumn', {
      as: settings,
      body: { customColumnId: first.body.Response.ID },
    });
    expect(del.status).toBe(200);
    expect(del.body.Response).toMatchObject({ Status: 'Archived', version: 2 });
    expect((await save({ Name: 'MARGIN', Formula: 'budget * 2', Scope: 'mediaPlan' })).status).toBe(200);
  });

  it('updates with the version read: rename moves the name, stale is 409, archived is 409', async () => {
    const col = (
      await save({ Name: 'CTR %', Formula: 'clicks / impressions * 100', Format: 'percent', Scope: 'performance' })
    ).body.Response;
    const renamed = await save({ ...col, Name: 'Click rate' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.Response).toMatchObject({ ID: col.ID, Name: 'Click rate', version: 2 });
    // The old name is free, the new one taken.
    expect((await save({ Name: 'CTR %', Formula: 'ctr', Scope: 'performance' })).status).toBe(200);
    expect((await save({ Name: 'click RATE', Formula: 'ctr', Scope: 'performance' })).status).toBe(409);
    expect((await save({ ...col, Name: 'Stale' })).status).toBe(409);
    await invoke('CustomColumnsService', 'DeleteCustomColumn', { as: settings, body: { customColumnId: col.ID } });
    const archived = await save({ ...renamed.body.Response, version: 3, Name: 'Back' });
    expect([archived.status, archived.body.ErrorMessage]).toEqual([409, `Custom column ${col.ID} is archived`]);
    expect(
      (await invoke('CustomColumnsService', 'DeleteCustomColumn', { as: settings, body: { customColumnId: 987654 } }))
        .status,
    ).toBe(404);
  });

  it('needs GeneralSettings: planners and clients get 403', async () => {
    for (const as of [c.planner, c.client, c.analyst]) {
      expect((await save({ Name: 'Nope', Formula: 'clicks', Scope: 'performance' }, as)).status).toBe(403);
    }
  });
});

describe('CustomColumnsService.GetCustomColumnsList', () => {
  it('lists active columns by scope and name; a client sees the media plan columns only', async () => {
    const co = await makeCompany('Listing Agency');
    for (const [Name, Formula, Scope] of [
      ['Net share', 'net / total * 100', 'mediaPlan'],
      ['CPV', 'spend / videoViews', 'performance'],
      ['All-in', 'total', 'mediaPlan'],
    ]) {
      expect((await save({ Name, Formula, Scope }, co.admin, co)).status).toBe(200);
    }
    expect((await listOf(co.planner)).map((x) => `${x.Scope}:${x.Name}`)).toEqual([
      'mediaPlan:All-in',
      'mediaPlan:Net share',
      'performance:CPV',
    ]);
    expect((await listOf(co.planner, 'performance')).map((x) => x.Name)).toEqual(['CPV']);
    expect((await listOf(co.client)).map((x) => x.Name)).toEqual(['All-in', 'Net share']);
    expect(await listOf(co.client, 'performance')).toEqual([]);
    expect(await listOf(c.planner, 'mediaPlan')).not.toEqual(
      expect.arrayContaining([expect.objectContaining({ Name: 'All-in' })]),
    );
  });
});

describe('CustomColumnsService.CheckFormula', () => {
  it('answers Valid with the names, or the message and position — never a 400 for a bad formula', async () => {
    const good = await check('CTR * 100', 'performance');
    expect(good.status).toBe(200);
    expect(good.body.Response).toEqual({ Valid: true, Message: '', Position: null, Names: ['ctr'] });
    const bad = await check('2 * spnd', 'performance');
    expect(bad.status).toBe(200);
    expect(bad.body.Response).toEqual({
      Valid: false,
      Message: "Unknown name 'spnd' at position 4",
      Position: 4,
      Names: [],
    });
    const empty = await check('', 'mediaPlan');
    expect(empty.body.Response).toMatchObject({ Valid: false, Position: 0 });
    const long = await check('clicks + '.repeat(60) + 'clicks', 'performance');
    expect(long.status).toBe(200);
    expect(long.body.Response).toMatchObject({ Valid: false, Position: 500 });
  });

  it('is for staff; a wrong scope is a 400 naming it', async () => {
    expect((await check('clicks', 'performance', c.client)).status).toBe(403);
    const r = await check('clicks', 'everything');
    expect([r.status, r.body.ErrorMessage]).toEqual([400, expect.stringContaining('scope')]);
  });
});

describe('CustomColumnsService.RestoreCustomColumn (and GetCustomColumnsList archived)', () => {
  const restore = (customColumnId: number, as: UserProfile = settings) =>
    invoke('CustomColumnsService', 'RestoreCustomColumn', { as, body: { customColumnId } });
  const archive = (customColumnId: number, as: UserProfile = settings) =>
    invoke('CustomColumnsService', 'DeleteCustomColumn', { as, body: { customColumnId } });
  const auditOf = async (companyId: number, id: number) =>
    (
      await ddb().send(
        new QueryCommand({
          TableName: tableName(),
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
          ExpressionAttributeValues: { ':pk': keys.auditPk(companyId), ':p': `CustomColumn#${id}#` },
        }),
      )
    ).Items ?? [];
  /** This company's items (other test files write to the same table meanwhile). */
  const itemsOf = async (co: Company) =>
    (await tableSnapshot()).filter((i) => i.includes(`"C#${co.companyId}"`) || i.includes(`"C#${co.companyId}#`));
  /** A column stored as an older release saved it, bypassing today's checks. */
  const stored = async (co: Company, fields: Pick<CustomColumn, 'Name' | 'Formula' | 'Names' | 'Scope'>) => {
    const now = new Date().toISOString();
    const col: CustomColumn = {
      ID: await nextId(co.companyId, 'CustomColumn'),
      Format: 'number',
      Status: 'Active',
      version: 1,
      createdAt: now,
      createdBy: co.admin.email,
      updatedAt: now,
      updatedBy: co.admin.email,
      ...fields,
    };
    await insertCustomColumn(co.companyId, col);
    return col;
  };

  it('archive → listed only with archived: true → restore → listed as active again, audited, version bumped, name taken again', async () => {
    const co = await makeCompany('Restore Columns Agency');
    const mk = async (Name: string, Formula: string, Scope: string) =>
      (await save({ Name, Formula, Scope }, co.admin, co)).body.Response as CustomColumn;
    const kept = await mk('All-in', 'total', 'mediaPlan');
    const col = await mk('Net share', 'net / total * 100', 'mediaPlan');
    const perf = await mk('CPV', 'spend / videoViews', 'performance');
    for (const x of [col, perf])
      expect((await archive(x.ID, co.admin)).body.Response).toMatchObject({ Status: 'Archived', version: 2 });

    expect((await listOf(co.planner)).map((x) => x.ID)).toEqual([kept.ID]);
    expect((await listOf(co.planner, undefined, { archived: false })).map((x) => x.ID)).toEqual([kept.ID]);
    expect(await listOf(co.planner, undefined, { archived: true })).toEqual([
      expect.objectContaining({ ID: col.ID, Status: 'Archived', Scope: 'mediaPlan' }),
      expect.objectContaining({ ID: perf.ID, Status: 'Archived', Scope: 'performance' }),
    ]);
    // The scope filter and the client's view apply to the archive too; legacy form bodies send strings.
    expect((await listOf(co.planner, 'performance', { archived: 'true' })).map((x) => x.ID)).toEqual([perf.ID]);
    expect((await listOf(co.client, undefined, { archived: '1' })).map((x) => x.ID)).toEqual([col.ID]);

    const r = await restore(col.ID, co.admin);
    expect(r.status).toBe(200);
    expect(r.body.Response).toMatchObject({
      ID: col.ID,
      Name: 'Net share',
      Formula: 'net / total * 100',
      Names: ['net', 'total'],
      Status: 'Active',
      version: 3,
      updatedBy: co.admin.email,
    });
    expect((await listOf(co.planner)).map((x) => `${x.Scope}:${x.Name}`)).toEqual([
      'mediaPlan:All-in',
      'mediaPlan:Net share',
    ]);
    expect((await listOf(co.planner, undefined, { archived: true })).map((x) => x.ID)).toEqual([perf.ID]);

    const audit = await auditOf(co.companyId, col.ID);
    expect(audit.map((a) => a.action).sort()).toEqual(['archive', 'create', 'restore']);
    expect(audit.find((a) => a.action === 'restore')).toMatchObject({
      who: co.admin.email,
      before: { Status: 'Archived', version: 2 },
      after: { Status: 'Active', version: 3 },
    });
    // The name is the restored column's again.
    const dup = await save({ Name: 'NET SHARE', Formula: 'net', Scope: 'mediaPlan' }, co.admin, co);
    expect([dup.status, dup.body.ErrorMessage]).toEqual([
      409,
      'customColumn.Name: a media plan column named "NET SHARE" exists already',
    ]);
  });

  it('restoring an active column answers it unchanged: no write, no audit entry', async () => {
    const col = (await save({ Name: 'Never archived', Formula: 'clicks', Scope: 'performance' })).body
      .Response as CustomColumn;
    const before = await itemsOf(c);
    const r = await restore(col.ID);
    expect(r.status).toBe(200);
    expect(r.body.Response).toMatchObject({ ID: col.ID, Status: 'Active', version: 1 });
    expect(await itemsOf(c)).toEqual(before);
    expect((await auditOf(c.companyId, col.ID)).map((a) => a.action)).toEqual(['create']);
  });

  it("unknown id → 404, another company's id → 404, no GeneralSettings → 403; nothing changes", async () => {
    const col = (await save({ Name: 'Guarded column', Formula: 'clicks', Scope: 'performance' })).body
      .Response as CustomColumn;
    await archive(col.ID);
    const other = await makeCompany('Other Restore Columns Agency');
    const before = await itemsOf(c);
    const unknown = await restore(987654);
    expect([unknown.status, unknown.body.ErrorMessage]).toEqual([404, 'Custom column 987654 was not found']);
    const foreign = await restore(col.ID, other.admin);
    expect([foreign.status, foreign.body.ErrorMessage]).toEqual([404, `Custom column ${col.ID} was not found`]);
    for (const as of [c.planner, c.client, c.analyst]) expect((await restore(col.ID, as)).status).toBe(403);
    expect(await itemsOf(c)).toEqual(before);
    expect((await restore(col.ID)).status).toBe(200);
  });

  it('refuses (409, nothing written) when an active column has taken the name meanwhile', async () => {
    const old = (await save({ Name: 'Reach share', Formula: 'reach / impressions', Scope: 'performance' })).body
      .Response as CustomColumn;
    await archive(old.ID);
    expect((await save({ Name: 'reach SHARE', Formula: 'reach', Scope: 'performance' })).status).toBe(200);
    const before = await itemsOf(c);
    const r = await restore(old.ID);
    expect([r.status, r.body.ErrorMessage]).toEqual([
      409,
      `Custom column ${old.ID} cannot be restored: an active performance column named "Reach share" exists now; rename or archive that one first`,
    ]);
    expect(await itemsOf(c)).toEqual(before);
  });

  it("refuses (409 naming the problem, nothing written) a formula that no longer parses against today's metric names", async () => {
    // Saved when 'leads' was a media plan metric; it is not one today.
    const col = await stored(c, {
      Name: 'Cost per lead',
      Formula: 'budget / leads',
      Names: ['budget', 'leads'],
      Scope: 'mediaPlan',
    });
    expect((await archive(col.ID)).status).toBe(200);
    const before = await itemsOf(c);
    const r = await restore(col.ID);
    expect([r.status, r.body.ErrorMessage]).toEqual([
      409,
      `Custom column ${col.ID} cannot be restored: its formula no longer works with the media plan metrics (Unknown name 'leads' at position 9); make a new column instead`,
    ]);
    expect(await itemsOf(c)).toEqual(before);
    // A formula that still parses is restored with the names as the parser knows them today.
    const ok = await stored(c, {
      Name: 'Click rate old',
      Formula: 'CLICKS / Impressions',
      Names: [],
      Scope: 'performance',
    });
    await archive(ok.ID);
    expect((await restore(ok.ID)).body.Response).toMatchObject({
      Status: 'Active',
      Names: ['clicks', 'impressions'],
      version: 3,
    });
  });

  it('the write is conditional on the version read: a stale restore is 409 and writes nothing', async () => {
    const col = (await save({ Name: 'Raced column', Formula: 'spend', Scope: 'performance' })).body
      .Response as CustomColumn;
    await archive(col.ID);
    const read = (await getCustomColumn(c.companyId, col.ID, true))!;
    expect((await restore(col.ID)).status).toBe(200); // someone else, between our read and our write
    const before = await itemsOf(c);
    const after: CustomColumn = {
      ...read,
      Status: 'Active',
      version: read.version + 1,
      updatedAt: new Date().toISOString(),
      updatedBy: settings.email,
    };
    await expect(
      replaceCustomColumn(c.companyId, read, after, 'restore', staleVersion('stale!')),
    ).rejects.toMatchObject({ statusCode: 409, message: 'stale!' });
    expect(await itemsOf(c)).toEqual(before);
  });
});
