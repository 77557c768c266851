import { MFA_REQUIRED_MESSAGE } from '../../lambdas/kit/mfa';
import { randomInt } from 'node:crypto';
import { QueryCommand } from '../../lambdas/aws/dynamodb/commands';
import { DEFAULT_CONFIGURATION, getCompanyConfiguration } from '../../lambdas/modules/configurations/configurations';
import { ddb, tableName } from '../../lambdas/aws/dynamodb/client';
import { createCompany, getCompany } from '../../lambdas/modules/tenancy/company-store.dynamodb';
import { keys } from '../../lambdas/aws/dynamodb/keys';
import { Permission, Role } from '../../lambdas/shared/permissions';
import { invoke, makeCompany, makeUser, useTestTable, type Company } from '../support/world';

const DEFAULTS = {
  VatPct: 18,
  ImageSubmitFee: 0.5,
  VideoSubmitFee: 1.3,
  SetupFee: 300,
  MaxImageBytes: 1572864,
  MaxVideoBytes: 7864320,
  PacingLow: 90,
  PacingHigh: 110,
  DefaultLocale: 'he',
  DefaultCurrency: 2,
  RequireMfa: false,
  ApproverMustDifferFromSubmitter: true,
  TimeZone: 'Asia/Jerusalem',
  SyncHour: 5,
  RestatementDays: 28,
  BackfillDays: 90,
  BillTolerancePct: 2,
  MissingBillDays: 15,
  version: 0,
};

const get = (co: Company, as = co.planner, accountId?: number) =>
  invoke('ConfigurationsService', 'GetConfigurations', { as, accountId, body: {} });
const save = (co: Company, configurations: Record<string, unknown>, as = co.admin) =>
  invoke('ConfigurationsService', 'SaveConfigurations', { as, body: { configurations } });

describe('ConfigurationsService.GetConfigurations', () => {
  it('answers the defaults while nothing is saved, to every signed-in user of the company', async () => {
    const co = await makeCompany();
    for (const as of [co.planner, co.client, co.analyst, co.admin]) {
      const r = await get(co, as);
      expect(r.status).toBe(200);
      expect(r.body.Response).toEqual(DEFAULTS);
    }
    expect(DEFAULT_CONFIGURATION).toEqual(DEFAULTS);
  });

  it('checks the account header when one is sent', async () => {
    const co = await makeCompany();
    expect((await get(co, co.client, co.accounts.main.ID)).status).toBe(200);
    const foreign = await get(co, co.client, co.accounts.other.ID);
    expect(foreign.status).toBe(403);
  });

  it("until saved, the default locale is the company's own", async () => {
    useTestTable();
    const companyId = randomInt(100_000, 2_000_000_000);
    await createCompany({
      companyId,
      Name: 'English Agency',
      Logo: '',
      DefaultLocale: 'en',
      createdAt: new Date().toISOString(),
    });
    expect(await getCompanyConfiguration(companyId)).toEqual({ ...DEFAULTS, DefaultLocale: 'en' });
  });
});

describe('ConfigurationsService.SaveConfigurations', () => {
  it('saves from version 0, audits, and getCompanyConfiguration reads the saved values', async () => {
    const co = await makeCompany();
    // Turning RequireMfa on needs a caller with MFA (test/configurations/lockout-currency-approver-rules.test.ts).
    const admin = await makeUser(co.companyId, Role.Administrator, [Permission.Admin], { mfaEnabled: true });
    const r = await save(
      co,
      {
        VatPct: 17,
        ImageSubmitFee: 0.75,
        SetupFee: '250.5',
        PacingLow: 85.5,
        RequireMfa: true,
        BillTolerancePct: 3.5,
        MissingBillDays: 30,
        version: 0,
      },
      admin,
    );
    expect(r.status).toBe(200);
    expect(r.body.Response).toMatchObject({
      ...DEFAULTS,
      VatPct: 17,
      ImageSubmitFee: 0.75,
      SetupFee: 250.5,
      PacingLow: 85.5,
      RequireMfa: true,
      BillTolerancePct: 3.5,
      MissingBillDays: 30,
      version: 1,
      updatedBy: admin.email,
    });
    // RequireMfa is now on: the company's users without MFA reach only sign-in and the configuration (test/auth/require-mfa.test.ts).
    expect((await invoke('AccountsService', 'GetAccountsList', { as: co.planner, body: {} })).body).toEqual({
      Success: false,
      ErrorMessage: MFA_REQUIRED_MESSAGE,
      ErrorCode: 'MFA_REQUIRED',
      ErrorParams: {},
    });
    expect(await getCompanyConfiguration(co.companyId)).toMatchObject({
      VatPct: 17,
      VideoSubmitFee: 1.3,
      SetupFee: 250.5,
      RequireMfa: true,
      MissingBillDays: 30,
      version: 1,
    });
    const audit = await ddb().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
        ExpressionAttributeValues: { ':pk': keys.auditPk(co.companyId), ':p': `Configuration#${co.companyId}#` },
      }),
    );
    expect(audit.Items).toHaveLength(1);
    expect(audit.Items![0]).toMatchObject({ action: 'create', who: admin.email, before: null, after: { VatPct: 17 } });
  });

  it('keeps the settings left out, and refuses a stale version (409)', async () => {
    const co = await makeCompany();
    expect((await save(co, { VatPct: 17, version: 0 })).status).toBe(200);
    const second = await save(co, { SetupFee: 100, version: 1 });
    expect(second.body.Response).toMatchObject({ VatPct: 17, SetupFee: 100, version: 2 });
    const stale = await save(co, { VatPct: 0, version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.ErrorMessage).toMatch(/changed by someone else/);
    const fresh = await save(co, { VatPct: 0, version: 0 });
    expect(fresh.status).toBe(409);
    expect((await get(co)).body.Response).toMatchObject({ VatPct: 17, SetupFee: 100, version: 2 });
  });

  it('two concurrent first saves: exactly one wins', async () => {
    const co = await makeCompany();
    const results = await Promise.all([10, 11, 12].map((VatPct) => save(co, { VatPct, version: 0 })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
  });

  it.each([
    [{ VatPct: 101 }, 'configurations.VatPct: must be between 0 and 100'],
    [{ VatPct: 17.125 }, 'configurations.VatPct: may have at most 2 decimals'],
    [{ ImageSubmitFee: -0.5 }, 'configurations.ImageSubmitFee: must be 0 or more'],
    [{ VideoSubmitFee: 1.305 }, 'configurations.VideoSubmitFee: may have at most 2 decimals'],
    [{ SetupFee: 'free' }, 'configurations.SetupFee'],
    [{ MaxImageBytes: 0 }, 'configurations.MaxImageBytes'],
    [{ MaxVideoBytes: 1.5 }, 'configurations.MaxVideoBytes'],
    [{ PacingLow: 110 }, 'configurations.PacingHigh: must be greater than PacingLow'],
    [{ PacingLow: 95, PacingHigh: 94 }, 'configurations.PacingHigh: must be greater than PacingLow'],
    [{ PacingHigh: -1 }, 'configurations.PacingHigh: must be between 0 and 1,000'],
    [{ DefaultLocale: 'de' }, 'configurations.DefaultLocale: must be one of he, en, fr, ro, zh'],
    [{ DefaultCurrency: 3 }, 'configurations.DefaultCurrency: must be 1 (USD) or 2 (ILS)'],
    [{ RequireMfa: 'sometimes' }, 'configurations.RequireMfa'],
    [{ BillTolerancePct: 50.01 }, 'configurations.BillTolerancePct: must be between 0 and 50'],
    [{ BillTolerancePct: 2.005 }, 'configurations.BillTolerancePct: may have at most 2 decimals'],
    [{ MissingBillDays: 181 }, 'configurations.MissingBillDays'],
    [{ MissingBillDays: 1.5 }, 'configurations.MissingBillDays'],
    [{ version: undefined }, 'configurations.version: is required'],
  ])('refuses %j by name', async (settings, message) => {
    const co = await makeCompany();
    const r = await save(co, { version: 0, ...settings });
    expect(r.status).toBe(400);
    expect(r.body.ErrorMessage).toContain(message);
    expect((await get(co)).body.Response.version).toBe(0);
  });

  it('accepts every supported locale and both currencies, and tells sign-in the new default locale', async () => {
    const co = await makeCompany();
    let version = 0;
    for (const DefaultLocale of ['en', 'fr', 'ro', 'zh', 'he']) {
      const r = await save(co, { DefaultLocale, DefaultCurrency: version % 2 ? 1 : 2, version });
      expect(r.status).toBe(200);
      version = r.body.Response.version;
      expect((await getCompany(co.companyId))!.DefaultLocale).toBe(DefaultLocale);
    }
  });

  it('needs GeneralSettings: planner, analyst and client get 403', async () => {
    const co = await makeCompany();
    for (const as of [co.planner, co.analyst, co.client, co.approver]) {
      const r = await save(co, { VatPct: 1, version: 0 }, as);
      expect(r.status).toBe(403);
      expect(r.body.ErrorMessage).toBe('Required permission missing: GeneralSettings');
    }
  });
});
