import { UpdateCommand } from '../../lambdas/aws/dynamodb/commands';
import { saveExchangeRateFor } from '../../lambdas/modules/exchange-rates';
import { ddb, tableName } from '../../lambdas/aws/dynamodb/client';
import { versionKeys } from '../../lambdas/modules/media-plans/store/plans';
import type { saveExchangeRate } from '../../lambdas/modules/exchange-rates/schemas';
import { MAX_LINE_BUDGET, MAX_LINES_PER_PLAN, MAX_PLAN_RATE } from '../../lambdas/shared/money-limits';
import { DEFAULT_TIME_ZONE } from '../../lambdas/shared/calendar';
import { todayIn } from '../../lambdas/shared/company-day';
import {
  channelType,
  current,
  PLAN_END,
  PLAN_START,
  seedActivity,
  seedApproved,
  seedDraft,
  seedLine,
  seedVersion,
  seedRate,
  seedTemplate,
} from '../support/media-plans';
import { invoke, makeCompany, type Company } from '../support/world';
import { expectError, expectOk, itemsOf, lines, version } from './helpers';

/**
 * A plan the API accepts never overflows a total, a planned KPI or a conversion
 * (limits in lambdas/shared/money-limits.ts, arithmetic in docs/money-limits.md); every figure is
 * checked before anything is written (400 naming the field, the table unchanged); and a version
 * whose STORED figures are out of range (written straight into the table here, as data saved before
 * the limits) still reads and exports (200, the figure null and named in OutOfRange).
 */
let c: Company;
beforeAll(async () => {
  c = await makeCompany('Overflow Agency');
  await seedRate(c, '2001-02-03', 'USD', 'ILS', 3.7);
});

const newLine = (versionId: number, typeId: number, extra: Record<string, unknown> = {}) => ({
  mediaChannel: {
    ID: 0,
    MediaMixId: versionId,
    AccountChannelTypeId: typeId,
    Name: 'Display',
    StartDate: PLAN_START,
    EndDate: PLAN_END,
    BuyType: 'CPM',
    UnitCost: 25,
    Budget: 1000,
    ManagementFeePct: 10,
    SystemFeePct: 0,
    ...extra,
  },
});

/** Sets fields of a stored line directly (bypassing the API): data saved before the limits. */
async function storeLine(versionId: number, lineId: number, fields: Record<string, unknown>) {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const sets = Object.entries(fields).map(([k, v], i) => {
    names[`#f${i}`] = k;
    values[`:f${i}`] = v;
    return `#f${i} = :f${i}`;
  });
  await ddb().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: versionKeys.line(c.companyId, versionId, lineId),
      UpdateExpression: `SET ${sets.join(', ')}`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    }),
  );
}

/** A rate saved before the plan-rate bounds: the domain function without the schema. */
const storeRate = (date: string, from: string, to: string, rate: number) =>
  saveExchangeRateFor(c.admin, { exchangeRate: { Date: date, From: from, To: to, Rate: rate } } as ReturnType<
    typeof saveExchangeRate.parse
  >);

describe('a plan line whose planned KPI would overflow', () => {
  it('SaveMediaChannel CPM 0.000001 × 10,000,000 answers 400 naming UnitCost, and writes nothing', async () => {
    const { planVersion: m } = await seedDraft(c, 0);
    const type = await channelType(c);
    const before = await itemsOf(c);
    const r = await lines(c, 'SaveMediaChannel', newLine(m.ID, type.ID, { UnitCost: 0.000001, Budget: 10_000_000 }));
    expectError(r, 400, /^mediaChannel\.UnitCost: must be 0 or at least 0\.0001/);
    expect(await itemsOf(c)).toEqual(before);
  });

  it('the one-write and the full save paths refuse it too, with the line unchanged', async () => {
    const {
      planVersion: m,
      lines: [l],
    } = await seedDraft(c, 1);
    const before = await itemsOf(c);
    const body = (extra: Record<string, unknown>) => ({
      mediaChannel: {
        ID: l.ID,
        version: l.version,
        MediaMixId: m.ID,
        AccountChannelTypeId: l.AccountChannelTypeId,
        Name: 'Line 1',
        StartDate: PLAN_START,
        EndDate: PLAN_END,
        BuyType: 'CPM',
        UnitCost: 0.000001,
        Budget: 10_000_000,
        ...extra,
      },
    });
    expectError(await lines(c, 'SaveMediaChannel', body({})), 400, /^mediaChannel\.UnitCost: /);
    // New dates take the full path (a transaction).
    expectError(await lines(c, 'SaveMediaChannel', body({ EndDate: '2026-01-31' })), 400, /^mediaChannel\.UnitCost: /);
    expect(await itemsOf(c)).toEqual(before);
  });

  it('a budget above the line limit is refused by name (lines of 1e12 cannot be made)', async () => {
    const { planVersion: m } = await seedDraft(c, 0);
    const type = await channelType(c);
    const before = await itemsOf(c);
    const r = await lines(
      c,
      'SaveMediaChannel',
      newLine(m.ID, type.ID, { Budget: 1e12, ManagementFeePct: 100, SystemFeePct: 100 }),
    );
    expectError(r, 400, /^mediaChannel\.Budget: must be at most 100,000,000/);
    expect(await itemsOf(c)).toEqual(before);
  });

  it('a line at every maximum is accepted and its plan reads, lists and exports', async () => {
    const { planVersion: m } = await seedDraft(c, 0);
    const type = await channelType(c);
    const r = await lines(
      c,
      'SaveMediaChannel',
      newLine(m.ID, type.ID, {
        UnitCost: 0.0001,
        Budget: MAX_LINE_BUDGET,
        ManagementFeePct: 100,
        SystemFeePct: 100,
        ImageCreatives: 10_000,
        VideoCreatives: 10_000,
      }),
    );
    expect(expectOk(r).Kpis.Impressions).toBe(1e15);
    const got = expectOk(await version(c, 'GetMediaMixInfo', { mediaMixId: m.ID }));
    expect(got.OutOfRange).toEqual([]);
    expect(got.Totals.Net).toBe(MAX_LINE_BUDGET);
    expectOk(await version(c, 'ExportMediaMix', { mediaMixId: m.ID }));
  });

  it(`a plan takes at most ${MAX_LINES_PER_PLAN} lines: the next line and a template past it answer 409`, async () => {
    const { planVersion: m } = await seedDraft(c, 1);
    const type = await channelType(c);
    // As if the plan had its fill of lines (making 500 through the API is slow; the count is the header's).
    await ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: versionKeys.header(c.companyId, m.ID),
        UpdateExpression: 'SET LineCount = :n',
        ExpressionAttributeValues: { ':n': MAX_LINES_PER_PLAN },
      }),
    );
    const templateId = await seedTemplate(c);
    const before = await itemsOf(c);
    expectError(
      await lines(c, 'SaveMediaChannel', newLine(m.ID, type.ID)),
      409,
      new RegExp(`the most a plan takes \\(${MAX_LINES_PER_PLAN}\\)`),
    );
    await ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: versionKeys.header(c.companyId, m.ID),
        UpdateExpression: 'SET LineCount = :n',
        ExpressionAttributeValues: { ':n': MAX_LINES_PER_PLAN - 1 },
      }),
    );
    const snapshot = await itemsOf(c);
    const applied = await invoke('TemplatesService', 'ApplyTemplate', {
      as: c.planner,
      accountId: c.accounts.main.ID,
      body: { templateId, mediaMixId: m.ID, totalBudget: 1000 },
    });
    expectError(applied, 409, /past the most a plan takes/);
    expect(await itemsOf(c)).toEqual(snapshot);
    expect(before.length).toBe(snapshot.length);
  });

  it('ApplyTemplate refuses a total budget above the line limit by name', async () => {
    const { planVersion: m } = await seedDraft(c, 0);
    const templateId = await seedTemplate(c);
    const before = await itemsOf(c);
    const r = await invoke('TemplatesService', 'ApplyTemplate', {
      as: c.planner,
      accountId: c.accounts.main.ID,
      body: { templateId, mediaMixId: m.ID, totalBudget: 1e12 },
    });
    expectError(r, 400, /^totalBudget: must be at most 100,000,000/);
    expect(await itemsOf(c)).toEqual(before);
  });
});

describe('a version whose stored figures are out of range still reads', () => {
  it('GetMediaMixInfo, GetMediaMixList and ExportMediaMix answer 200 and name the figure; Submit answers 409 and changes nothing', async () => {
    const {
      activity,
      planVersion: m,
      lines: [l],
    } = await seedDraft(c, 1);
    await storeLine(m.ID, l.ID, { BuyType: 'CPM', UnitCost: 0.000001, Budget: 10_000_000, BudgetMinor: 1_000_000_000 });
    const got = expectOk(await version(c, 'GetMediaMixInfo', { mediaMixId: m.ID }));
    expect(got.Lines[0].Kpis.Impressions).toBeNull();
    expect(got.OutOfRange).toEqual(['Lines[0].Kpis.Impressions']);
    expect(got.Totals.Net).toBe(10_000_000);
    const list = expectOk(await version(c, 'GetMediaMixList', { activityId: activity.ID }));
    expect(list.Items[0].Total).toBeGreaterThan(10_000_000);
    const file = expectOk(await version(c, 'ExportMediaMix', { mediaMixId: m.ID }));
    expect(file.Base64.length).toBeGreaterThan(100);
    const line = expectOk(await lines(c, 'GetMediaChannelInfo', { channelId: l.ID }));
    expect(line.Kpis.Impressions).toBeNull();
    expect(line.OutOfRange).toEqual(['Kpis.Impressions']);

    const before = await itemsOf(c);
    const submitted = await version(c, 'SubmitMediaMix', {
      mediaMixId: m.ID,
      version: (await current(c, m.ID)).version,
    });
    expectError(
      submitted,
      409,
      new RegExp(
        `line ${l.ID} \\(Line 1\\): UnitCost with this budget plans more than 1,000,000,000,000,000 impressions`,
      ),
    );
    expect(await itemsOf(c)).toEqual(before);
  });

  it('totals beyond the safe range show as null with "Totals" named, in info, list and export', async () => {
    const {
      activity,
      planVersion: m,
      lines: [l],
    } = await seedDraft(c, 1);
    await storeLine(m.ID, l.ID, {
      Budget: 50_000_000_000_000,
      BudgetMinor: 5_000_000_000_000_000,
      ManagementFeePct: 100,
      SystemFeePct: 100,
      UnitCost: 25,
    });
    const got = expectOk(await version(c, 'GetMediaMixInfo', { mediaMixId: m.ID }));
    expect(got.Totals).toBeNull();
    expect(got.Lines[0].Amounts).toBeNull();
    expect(got.ConvertedTotals).toBeNull();
    expect(got.OutOfRange).toContain('Totals');
    const list = expectOk(await version(c, 'GetMediaMixList', { activityId: activity.ID }));
    expect(list.Items[0]).toMatchObject({ Net: null, Total: null, OutOfRange: ['Totals'] });
    const line = expectOk(await lines(c, 'GetMediaChannelInfo', { channelId: l.ID }));
    expect(line).toMatchObject({ Amounts: null, OutOfRange: ['Amounts', 'Kpis.Impressions'] });
    expectOk(await version(c, 'ExportMediaMix', { mediaMixId: m.ID }));
  });

  it('an approved version with a stored out-of-range line reads, but is not copied (409, nothing written)', async () => {
    const p = await seedApproved(c, 1);
    await storeLine(p.planVersion.ID, p.lines[0].ID, {
      BuyType: 'CPM',
      UnitCost: 0.000001,
      Budget: 10_000_000,
      BudgetMinor: 1_000_000_000,
    });
    expectOk(await version(c, 'GetMediaMixInfo', { mediaMixId: p.planVersion.ID }));
    expectOk(await version(c, 'ExportMediaMix', { mediaMixId: p.planVersion.ID }));
    const before = await itemsOf(c);
    expectError(await version(c, 'CreateMediaMixVersion', { mediaMixId: p.planVersion.ID }), 409, /lines out of range/);
    expect(await itemsOf(c)).toEqual(before);
  });
});

describe('the same overflow through rates and conversion', () => {
  it('a USD→ILS rate of 10,000,000 is refused by SaveExchangeRate and by the CSV import, naming the rate; other pairs keep their range', async () => {
    const before = await itemsOf(c);
    const save = (From: string, To: string, Rate: number) =>
      invoke('ExchangeRatesService', 'SaveExchangeRate', {
        as: c.admin,
        body: { exchangeRate: { Date: '2026-07-01', From, To, Rate } },
      });
    expectError(await save('USD', 'ILS', 10_000_000), 400, /^exchangeRate\.Rate: must be between 0\.01 and 100/);
    expectError(await save('ILS', 'USD', 0.000001), 400, /^exchangeRate\.Rate: /);
    const csv = await invoke('ExchangeRatesService', 'ImportExchangeRates', {
      as: c.admin,
      body: { csv: 'Date,From,To,Rate\n2026-07-02,USD,ILS,10000000\n' },
    });
    expectError(csv, 400, /^csv: line 2: rate must be between 0\.01 and 100/);
    expect(await itemsOf(c)).toEqual(before);
    expectOk(await save('USD', 'VND', 25_000));
    expectOk(await save('ILS', 'USD', MAX_PLAN_RATE));
  });

  it('a USD draft with one $10M line and a stored rate of 10,000,000 reads (converted total out of range); approval answers 409 naming the rate', async () => {
    const usd = c.accounts.other;
    const activity = await seedActivity(c, {
      accountId: usd.ID,
      start: '2026-01-01',
      end: '2026-02-28',
      budget: 20_000_000,
    });
    const m = await seedVersion(c, activity);
    await seedLine(c, m, { Budget: 10_000_000, ManagementFeePct: 10 });
    await version(
      c,
      'SubmitMediaMix',
      { mediaMixId: m.ID, version: (await current(c, m.ID)).version },
      c.planner,
      usd.ID,
    ).then(expectOk);
    // Today's: the latest rate of either direction converts the plan (other tests here save later ones).
    const today = todayIn(DEFAULT_TIME_ZONE); // the company's day, as the server reads it
    await storeRate(today, 'USD', 'ILS', 10_000_000);
    const got = expectOk(await version(c, 'GetMediaMixInfo', { mediaMixId: m.ID }, c.planner, usd.ID));
    expect(got.Totals.Net).toBe(10_000_000);
    expect(got.ConvertedTotals).toBeNull();
    expect(got.OutOfRange).toEqual(['ConvertedTotals']);
    expectOk(await version(c, 'ExportMediaMix', { mediaMixId: m.ID }, c.planner, usd.ID));
    const before = await itemsOf(c);
    const approved = await version(
      c,
      'ApproveMediaMix',
      { mediaMixId: m.ID, version: (await current(c, m.ID)).version },
      c.approver,
      usd.ID,
    );
    expectError(
      approved,
      409,
      new RegExp(`^ExchangeRate: at 1 USD = 10000000 ILS \\(${today}\\) the plan's converted totals are out of range`),
    );
    expect(await itemsOf(c)).toEqual(before);
  });
});
