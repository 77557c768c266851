import { evaluateFormula, parseFormula, METRIC_NAMES } from '../../lambdas/shared/formula';
import type { UserProfile } from '../../lambdas/repositories/profiles';
import { Permission, Role } from '../../lambdas/shared/permissions';
import { invoke, makeCompany, makeUser, type Company } from '../support/world';

/** CustomColumnsService: formula columns checked by the shared parser, unique names per scope. */
let c: Company;
let settings: UserProfile;
beforeAll(async () => {
  c = await makeCompany('Columns Agency');
  settings = await makeUser(c.companyId, Role.MediaManager, [Permission.GeneralSettings]);
});

const save = (customColumn: Record<string, unknown>, as: UserProfile = settings, co: Company = c) =>
  invoke('CustomColumnsService', 'SaveCustomColumn', { as, accountId: co.accounts.main.ID, body: { customColumn: { ID: 0, Format: 'number', ...customColumn } } });
const check = (formula: string, scope: string, as: UserProfile = c.planner) =>
  invoke('CustomColumnsService', 'CheckFormula', { as, body: { formula, scope } });
const listOf = async (as: UserProfile, scope?: string) => {
  const r = await invoke('CustomColumnsService', 'GetCustomColumnsList', { as, body: scope ? { scope } : {} });
  expect(r.status).toBe(200);
  return r.body.Response.Items as { ID: number; Name: string; Scope: string }[];
};

describe('CustomColumnsService.SaveCustomColumn', () => {
  it('saves a valid formula with the metric names it uses', async () => {
    const r = await save({ Name: 'Cost per lead', Formula: ' Spend / conversions ', Format: 'currency', Scope: 'performance' });
    expect(r.status).toBe(200);
    expect(r.body.Response).toMatchObject({
      Name: 'Cost per lead', Formula: 'Spend / conversions', Names: ['spend', 'conversions'], Format: 'currency', Scope: 'performance',
      Status: 'Active', version: 1, createdBy: settings.email,
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
    expect((await save({ Name: 'Margin', Formula: 'budget', Scope: 'mediaPlan' }, other.admin, other)).status).toBe(200);

    const del = await invoke('CustomColumnsService', 'DeleteCustomColumn', { as: settings, body: { customColumnId: first.body.Response.ID } });
    expect(del.status).toBe(200);
    expect(del.body.Response).toMatchObject({ Status: 'Archived', version: 2 });
    expect((await save({ Name: 'MARGIN', Formula: 'budget * 2', Scope: 'mediaPlan' })).status).toBe(200);
  });

  it('updates with the version read: rename moves the name, stale is 409, archived is 409', async () => {
    const col = (await save({ Name: 'CTR %', Formula: 'clicks / impressions * 100', Format: 'percent', Scope: 'performance' })).body.Response;
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
    expect((await invoke('CustomColumnsService', 'DeleteCustomColumn', { as: settings, body: { customColumnId: 987654 } })).status).toBe(404);
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
    for (const [Name, Formula, Scope] of [['Net share', 'net / total * 100', 'mediaPlan'], ['CPV', 'spend / videoViews', 'performance'], ['All-in', 'total', 'mediaPlan']]) {
      expect((await save({ Name, Formula, Scope }, co.admin, co)).status).toBe(200);
    }
    expect((await listOf(co.planner)).map((x) => `${x.Scope}:${x.Name}`)).toEqual(['mediaPlan:All-in', 'mediaPlan:Net share', 'performance:CPV']);
    expect((await listOf(co.planner, 'performance')).map((x) => x.Name)).toEqual(['CPV']);
    expect((await listOf(co.client)).map((x) => x.Name)).toEqual(['All-in', 'Net share']);
    expect(await listOf(co.client, 'performance')).toEqual([]);
    expect(await listOf(c.planner, 'mediaPlan')).not.toEqual(expect.arrayContaining([expect.objectContaining({ Name: 'All-in' })]));
  });
});

describe('CustomColumnsService.CheckFormula', () => {
  it('answers Valid with the names, or the message and position — never a 400 for a bad formula', async () => {
    const good = await check('CTR * 100', 'performance');
    expect(good.status).toBe(200);
    expect(good.body.Response).toEqual({ Valid: true, Message: '', Position: null, Names: ['ctr'] });
    const bad = await check('2 * spnd', 'performance');
    expect(bad.status).toBe(200);
    expect(bad.body.Response).toEqual({ Valid: false, Message: "Unknown name 'spnd' at position 4", Position: 4, Names: [] });
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
