import { saveAccountFor } from '../../lambdas/modules/accounts/accounts';
import { saveConfigurationsFor } from '../../lambdas/modules/configurations/configurations';
import { getAccount } from '../../lambdas/modules/tenancy/account-store.dynamodb';
import { saveAccount } from '../../lambdas/modules/accounts/schemas';
import { saveConfigurations } from '../../lambdas/modules/configurations/schemas';
import { DEFAULT_TIME_ZONE } from '../../lambdas/shared/calendar';
import { todayIn } from '../../lambdas/shared/company-day';
import { convert, convertInverse, toMinor, minorToNumber } from '../../lambdas/shared/money';
import {
  channelType,
  current,
  seedActivity,
  seedDraft,
  seedLine,
  seedVersion,
  seedRate,
  seedSubmitted,
} from '../support/media-plans';
import { makeCompany, type Company } from '../support/world';
import { expectError, expectOk, info, version } from './helpers';

// The company's day, not UTC's: the server dates the rate search in the company's time zone (Asia/Jerusalem by default),
// which is a day ahead of UTC late in the evening.
const today = () => todayIn(DEFAULT_TIME_ZONE);
const converted = (total: number, rate: number, inverse = false) =>
  minorToNumber((inverse ? convertInverse : convert)(toMinor(String(total)), rate));

/** The two lines of docs/domain.md's worked example, through the API. */
async function workedExample(c: Company) {
  const a = await seedActivity(c);
  const m = await seedVersion(c, a, 'Worked example');
  const search = await channelType(c, 'Google Search');
  const youtube = await channelType(c, 'YouTube');
  await seedLine(c, m, {
    AccountChannelTypeId: search.ID,
    Budget: 10000,
    ManagementFeePct: 15,
    SystemFeePct: 2.5,
    ImageCreatives: 4,
    VideoCreatives: 2,
  });
  await seedLine(c, m, {
    AccountChannelTypeId: youtube.ID,
    Budget: 3333.33,
    ManagementFeePct: 12.5,
    SystemFeePct: 0,
    ImageCreatives: 0,
    VideoCreatives: 3,
    BuyType: 'CPV',
    UnitCost: 0.05,
  });
  return { activity: a, mix: await current(c, m.ID) };
}

const EXAMPLE_TOTALS = {
  Net: 13333.33,
  ManagementFee: 1916.67,
  SystemFee: 250,
  CreativeFee: 8.5,
  SetupFee: 300,
  Subtotal: 15808.5,
  Vat: 2845.53,
  Total: 18654.03,
};

describe("docs/domain.md's worked example, built from lines", () => {
  let c: Company;
  beforeAll(async () => {
    c = await makeCompany('Totals Agency');
  });

  it('GetMediaMixInfo shows exactly 18,654.03 (ILS, VAT 18 %, setup 300), with each line rounded once', async () => {
    const { mix: m } = await workedExample(c);
    const r = await info(c, m.ID);
    expect(r).toMatchObject({
      Currency: 2,
      CurrencyCode: 'ILS',
      ApplyVat: true,
      Pricing: { VatPct: 18, ImageSubmitFee: 0.5, VideoSubmitFee: 1.3, SetupFee: 300, Fixed: false },
    });
    expect(r.Totals).toEqual(EXAMPLE_TOTALS);
    expect(r.Lines.map((l: { Amounts: unknown }) => l.Amounts)).toEqual([
      { Net: 10000, ManagementFee: 1500, SystemFee: 250, CreativeFee: 4.6, Subtotal: 11754.6 },
      { Net: 3333.33, ManagementFee: 416.67, SystemFee: 0, CreativeFee: 3.9, Subtotal: 3753.9 },
    ]);
    expect(r.Lines[1].Kpis).toEqual({ Impressions: null, Clicks: null, Conversions: null, Views: 66666 });
  });

  it("the list of versions shows the same net and total from the header's aggregates", async () => {
    const { activity, mix: m } = await workedExample(c);
    const list = expectOk(await version(c, 'GetMediaMixList', { activityId: activity.ID }));
    expect(list.Items).toHaveLength(1);
    expect(list.Items[0]).toMatchObject({ ID: m.ID, Net: 13333.33, Total: 18654.03, Currency: 2, LineCount: 2 });
    expect(list.Items[0].NetMinor).toBeUndefined();
  });

  it('an account without VAT: VAT 0 and total = subtotal', async () => {
    const d = await makeCompany('No VAT Agency');
    const main = (await getAccount(d.companyId, d.accounts.main.ID, true))!;
    await saveAccountFor(d.admin, saveAccount.parse({ account: { ...main, ApplyVat: false } }), main.ID, 'update');
    const { mix: m } = await workedExample(d);
    const r = await info(d, m.ID);
    expect(r.Totals).toEqual({ ...EXAMPLE_TOTALS, Vat: 0, Total: 15808.5 });
    expect(r.ApplyVat).toBe(false);
  });

  it('an empty Draft owes nothing (no setup fee without lines)', async () => {
    const p = await seedDraft(c, 0);
    const r = await info(c, p.planVersion.ID);
    expect(r.Totals).toEqual({
      Net: 0,
      ManagementFee: 0,
      SystemFee: 0,
      CreativeFee: 0,
      SetupFee: 0,
      Subtotal: 0,
      Vat: 0,
      Total: 0,
    });
    expect(r.Lines).toEqual([]);
  });
});

describe('converted totals and the exchange rate', () => {
  it('a Draft with no rate at all still answers: ConvertedTotal null and RateMissing naming the pair and date', async () => {
    const c = await makeCompany('No Rate Agency');
    const { mix: m } = await workedExample(c);
    const r = await info(c, m.ID);
    expect(r.Totals.Total).toBe(18654.03);
    expect(r).toMatchObject({
      ConvertedTotal: null,
      ConvertedTotals: null,
      ExchangeRateUsed: null,
      ConvertedCurrencyCode: 'USD',
    });
    expect(r.RateMissing).toBe(`No exchange rate from ILS to USD (or from USD to ILS) on or before ${today()}`);
  });

  it('approval without a rate is 409 naming the pair and the date, and the version stays Submitted', async () => {
    const c = await makeCompany('Approve No Rate Agency');
    const p = await seedSubmitted(c);
    const r = await version(
      c,
      'ApproveMediaMix',
      { mediaMixId: p.planVersion.ID, version: p.planVersion.version },
      c.approver,
    );
    expectError(
      r,
      409,
      `No exchange rate from ILS to USD (or from USD to ILS) on or before ${today()}; add one under Exchange rates and approve again`,
    );
    expect((await info(c, p.planVersion.ID)).StatusName).toBe('Submitted');
  });

  it('the rate fixed at approval converts the approved version even after a newer rate is added', async () => {
    const c = await makeCompany('Fixed Rate Agency');
    await seedRate(c, '2020-01-01', 'ILS', 'USD', 0.27);
    const { mix: m } = await workedExample(c);
    const draft = await info(c, m.ID);
    expect(draft).toMatchObject({
      ExchangeRateUsed: { Rate: 0.27, From: 'ILS', To: 'USD', Date: '2020-01-01' },
      RateFixed: false,
      RateMissing: null,
    });
    expect(draft.ConvertedTotal).toBe(converted(18654.03, 0.27));
    expect(draft.ConvertedTotal).toBe(5036.59);

    const s = expectOk(await version(c, 'SubmitMediaMix', { mediaMixId: m.ID, version: m.version }));
    const a = expectOk(await version(c, 'ApproveMediaMix', { mediaMixId: m.ID, version: s.version }, c.approver));
    expect(a).toMatchObject({
      ExchangeRate: 0.27,
      ExchangeRateFrom: 'ILS',
      ExchangeRateTo: 'USD',
      ExchangeRateDate: '2020-01-01',
    });

    await seedRate(c, '2020-06-01', 'ILS', 'USD', 0.3);
    const approved = await info(c, m.ID);
    expect(approved).toMatchObject({
      RateFixed: true,
      ExchangeRateUsed: { Rate: 0.27, Date: '2020-01-01' },
      ConvertedTotal: 5036.59,
    });
    expect(approved.ConvertedTotals.Net).toBe(converted(13333.33, 0.27));

    // A new version is a Draft again: today's rate.
    const v2 = expectOk(await version(c, 'CreateMediaMixVersion', { mediaMixId: m.ID }));
    const draft2 = await info(c, v2.ID);
    expect(draft2).toMatchObject({
      RateFixed: false,
      ExchangeRateUsed: { Rate: 0.3, Date: '2020-06-01' },
      ConvertedTotal: converted(18654.03, 0.3),
    });
  });

  it('an ILS plan divides by a USD→ILS rate when that is the rate entered; on the same date the direct pair wins', async () => {
    const c = await makeCompany('Inverse Rate Agency');
    await seedRate(c, '2020-01-01', 'USD', 'ILS', 3.7);
    const { mix: m } = await workedExample(c);
    const r = await info(c, m.ID);
    expect(r).toMatchObject({
      ExchangeRateUsed: { Rate: 3.7, From: 'USD', To: 'ILS' },
      ConvertedTotal: converted(18654.03, 3.7, true),
    });
    expect(r.ConvertedTotal).toBe(5041.63);
    await seedRate(c, '2020-01-01', 'ILS', 'USD', 0.25);
    expect((await info(c, m.ID)).ExchangeRateUsed).toMatchObject({ From: 'ILS', To: 'USD', Rate: 0.25 });
    await seedRate(c, '2020-02-01', 'USD', 'ILS', 4);
    expect((await info(c, m.ID)).ExchangeRateUsed).toMatchObject({
      From: 'USD',
      To: 'ILS',
      Rate: 4,
      Date: '2020-02-01',
    });
  });

  it('a USD account converts to ILS', async () => {
    const c = await makeCompany('USD Agency');
    await seedRate(c, '2020-01-01', 'USD', 'ILS', 3.65);
    const a = await seedActivity(c, { accountId: c.accounts.other.ID });
    const m = await seedVersion(c, a);
    await seedLine(c, m, {
      Budget: 1000,
      ManagementFeePct: 10,
      SystemFeePct: 0,
      AccountChannelTypeId: (await channelType(c, 'Google Search', c.accounts.other.ID)).ID,
    });
    const r = expectOk(await version(c, 'GetMediaMixInfo', { mediaMixId: m.ID }, c.planner, c.accounts.other.ID));
    expect(r).toMatchObject({ Currency: 1, CurrencyCode: 'USD', ConvertedCurrency: 2, ConvertedCurrencyCode: 'ILS' });
    expect(r.Totals.Total).toBe(1652);
    expect(r.ConvertedTotal).toBe(6029.8);
  });

  it('an approved version keeps the pricing of its approval when the configuration changes; a Draft follows it', async () => {
    const c = await makeCompany('Pricing Agency');
    await seedRate(c, '2020-01-01', 'ILS', 'USD', 0.27);
    const { mix: m } = await workedExample(c);
    const s = expectOk(await version(c, 'SubmitMediaMix', { mediaMixId: m.ID, version: m.version }));
    expectOk(await version(c, 'ApproveMediaMix', { mediaMixId: m.ID, version: s.version }, c.approver));
    await saveConfigurationsFor(
      c.admin,
      saveConfigurations.parse({ configurations: { VatPct: 17, SetupFee: 400, version: 0 } }),
    );
    const approved = await info(c, m.ID);
    expect(approved.Pricing).toMatchObject({ VatPct: 18, SetupFee: 300, Fixed: true });
    expect(approved.Totals).toEqual(EXAMPLE_TOTALS);
    const list = expectOk(await version(c, 'GetMediaMixList', { activityId: approved.ActivityId }));
    expect(list.Items[0].Total).toBe(18654.03);
    const { mix: draft } = await workedExample(c);
    const now = await info(c, draft.ID);
    expect(now.Pricing).toMatchObject({ VatPct: 17, SetupFee: 400, Fixed: false });
    expect(now.Totals).toMatchObject({ SetupFee: 400, Subtotal: 15908.5, Vat: 2704.45, Total: 18612.95 });
  });
});
