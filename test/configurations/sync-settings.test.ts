import { PutCommand } from '../../lambdas/aws/dynamodb/commands';
import { safeParse } from 'zod/mini';
import { ddb, tableName } from '../../lambdas/aws/dynamodb/client';
import { configurationKey } from '../../lambdas/aws/dynamodb/keys';
import { getCompanyConfiguration } from '../../lambdas/modules/configurations/configurations';
import { configurationsInput } from '../../lambdas/modules/configurations/schemas';
import { companySyncSettings } from '../../lambdas/modules/connectors/sync/sync-settings';
import { BACKFILL_DAYS, RESTATEMENT_DAYS, SYNC_HOUR } from '../../lambdas/shared/sync-limits';
import { invoke, makeCompany, type Company } from '../support/world';

/**
 * The daily sync's settings in the company configuration: SyncHour (0–23, the company's own hour),
 * RestatementDays (1–90) and BackfillDays (1–730), checked by the schema, saved and read back, and
 * what the sync engine reads (its use in a sync: test/sync/sync-worker.test.ts).
 */
const save = (co: Company, configurations: Record<string, unknown>) =>
  invoke('ConfigurationsService', 'SaveConfigurations', { as: co.admin, body: { configurations } });
const get = (co: Company) => invoke('ConfigurationsService', 'GetConfigurations', { as: co.planner, body: {} });
const accepts = (settings: Record<string, unknown>) =>
  safeParse(configurationsInput, { version: 0, ...settings }).success;

describe('the sync settings of the configuration schema', () => {
  it('bounds', () => {
    expect([SYNC_HOUR, RESTATEMENT_DAYS, BACKFILL_DAYS].map((b) => [b.min, b.max, b.default])).toEqual([
      [0, 23, 5],
      [1, 90, 28],
      [1, 730, 90],
    ]);
  });

  it.each([
    ['SyncHour', 0, 23],
    ['RestatementDays', 1, 90],
    ['BackfillDays', 1, 730],
  ])('%s takes whole numbers from %i to %i, and their text', (field, low, high) => {
    for (const v of [low, high, String(high)]) expect(accepts({ [field]: v })).toBe(true);
    for (const v of [low - 1, high + 1, 1.5, 'five', null]) expect(accepts({ [field]: v })).toBe(false);
  });
});

describe('ConfigurationsService and the sync settings', () => {
  it('defaults until saved: 05:00, 28 days re-read, 90 days backfilled', async () => {
    const co = await makeCompany();
    expect((await get(co)).body.Response).toMatchObject({ SyncHour: 5, RestatementDays: 28, BackfillDays: 90 });
    expect(await companySyncSettings(co.companyId)).toMatchObject({
      syncHour: 5,
      restatementDays: 28,
      backfillDays: 90,
    });
  });

  it('saves them, reads them back, keeps them when other settings are saved, and the sync reads them', async () => {
    const co = await makeCompany();
    const r = await save(co, { SyncHour: 0, RestatementDays: '7', BackfillDays: 730, version: 0 });
    expect(r.status).toBe(200);
    expect(r.body.Response).toMatchObject({ SyncHour: 0, RestatementDays: 7, BackfillDays: 730, version: 1 });
    expect((await save(co, { VatPct: 17, version: 1 })).status).toBe(200);
    expect((await get(co)).body.Response).toMatchObject({
      VatPct: 17,
      SyncHour: 0,
      RestatementDays: 7,
      BackfillDays: 730,
      version: 2,
    });
    expect(await companySyncSettings(co.companyId)).toMatchObject({
      syncHour: 0,
      restatementDays: 7,
      backfillDays: 730,
    });
  });

  it.each([
    [{ SyncHour: 24 }, 'configurations.SyncHour: must be a whole number from 0 to 23'],
    [{ RestatementDays: 0 }, 'configurations.RestatementDays: must be a whole number from 1 to 90'],
    [{ BackfillDays: 731 }, 'configurations.BackfillDays: must be a whole number from 1 to 730'],
    [{ BackfillDays: 30, SyncHour: -1 }, 'configurations.SyncHour'],
  ])('refuses %j by name and writes nothing', async (settings, message) => {
    const co = await makeCompany();
    expect((await save(co, { RestatementDays: 14, version: 0 })).status).toBe(200);
    const r = await save(co, { version: 1, ...settings });
    expect(r.status).toBe(400);
    expect(r.body.ErrorCode).toBe('FIELD_INVALID');
    expect(r.body.ErrorMessage).toContain(message);
    expect((await get(co)).body.Response).toMatchObject({
      version: 1,
      SyncHour: 5,
      RestatementDays: 14,
      BackfillDays: 90,
    });
  });

  it('reads an older "HH:mm" sync hour, and a value out of today\'s bounds as the default', async () => {
    const co = await makeCompany();
    await ddb().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...configurationKey(co.companyId),
          entity: 'Configuration',
          version: 1,
          SyncHour: '06:00',
          RestatementDays: 120,
          BackfillDays: 1100,
        },
      }),
    );
    expect(await getCompanyConfiguration(co.companyId)).toMatchObject({
      SyncHour: 6,
      RestatementDays: 28,
      BackfillDays: 90,
    });
    expect(await companySyncSettings(co.companyId)).toMatchObject({
      syncHour: 6,
      restatementDays: 28,
      backfillDays: 90,
    });
  });
});
