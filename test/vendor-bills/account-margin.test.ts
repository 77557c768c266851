import { writeStatsAndRollups } from '../../lambdas/modules/performance-data/batch-write-store.dynamodb';
import { RollupBook, statItem } from '../../lambdas/modules/performance-data/daily-stat-store.dynamodb';
import { generateOrdersFor } from '../../lambdas/modules/orders/generate';
import type { OrderSummary } from '../../lambdas/modules/orders/replies';
import { saveVendorBillFor } from '../../lambdas/modules/vendor-bills/bills';
import { vendorBillInput } from '../../lambdas/modules/vendor-bills/schemas';
import { seedVendor, setLineVendor } from '../support/fixtures/orders-service';
import { seedActivity, seedApproved } from '../support/media-plans';
import { invoke, makeCompany, tableSnapshot, type Company, type Reply } from '../support/world';

/**
 * VendorBillsService.GetAccountMargin on DynamoDB Local. The plan: two lines of 1,000.00 and
 * 1,001.00 ILS, 2026-01-01 – 2026-02-28, on the ILS main account; line 1 bought from an ILS vendor,
 * line 2 from a USD vendor at the version's fixed rate USD→ILS 3.7.
 * - ILS order: January 100,000 × 31/59 = 52,542.37 → 525.42, February 474.58.
 * - USD order: 1,001.00 ÷ 3.7 = 270.54 USD; January 142.15, February 128.39 (orders-service.test.ts).
 * Back to ILS at the same rate (× 3.7, half up once per period): 142.15 → 525.955 → 525.96;
 * a bill of 100.00 USD → 370.00.
 */
const margin = (co: Company, body: Record<string, unknown>, as = co.analyst, accountId = co.accounts.main.ID) =>
  invoke('VendorBillsService', 'GetAccountMargin', { as, body, accountId });

function ok(r: Reply) {
  expect(r.body.ErrorMessage).toBeUndefined();
  expect(r.status).toBe(200);
  return r.body.Response;
}

/** Platform spend of a line on a day (ILS), as a CSV upload would write it. */
async function deliver(
  co: Company,
  o: { ID: number; ActivityId: number; AccountId: number },
  lineId: number,
  date: string,
  ils: number,
) {
  const stat = {
    LineId: lineId,
    ActivityId: o.ActivityId,
    AccountId: o.AccountId,
    Date: date,
    CampaignId: `c-${o.ID}-${lineId}`,
    CampaignName: 'Campaign',
    Currency: 'ILS',
    Impressions: 0,
    Clicks: 0,
    SpendMicros: ils * 1_000_000,
    ConversionsMilli: 0,
    ConversionValueMicros: 0,
    VideoViews: 0,
  };
  const book = new RollupBook(co.companyId, 'csv_upload', `acc-${o.ID}-${lineId}`);
  book.change(undefined, stat);
  await writeStatsAndRollups([statItem(co.companyId, 'csv_upload', `acc-${o.ID}-${lineId}`, stat)], book.takeWrites());
}

let refs = 0;
const bill = (co: Company, o: OrderSummary, period: string, net: number, currency: 1 | 2) =>
  saveVendorBillFor(
    co.planner,
    o.AccountId,
    vendorBillInput.parse({
      OrderId: o.ID,
      Period: period,
      VendorRef: `M-${++refs}`,
      BillDate: '2026-03-05',
      Net: net,
      Vat: 0,
      Gross: net,
      Currency: currency,
    }),
  );

/** The plan above with its two draft orders (the ILS one, the USD one). */
async function twoVendors(co: Company, activityOn?: number) {
  const activity = activityOn ? await seedActivity(co, { subAccountId: activityOn }) : undefined;
  const plan = await seedApproved(co, 2, activity);
  const ils = await seedVendor(co, 2, 'Keshet');
  const usd = await seedVendor(co, 1, 'Google');
  await setLineVendor(co, plan.planVersion.ID, plan.lines[0].ID, ils);
  await setLineVendor(co, plan.planVersion.ID, plan.lines[1].ID, usd);
  const out = await generateOrdersFor(co.planner, plan.activity.AccountId, plan.planVersion.ID);
  const of = (v: number) => out.Orders.find((o) => o.VendorId === v) as OrderSummary;
  return { plan, ilsOrder: of(ils), usdOrder: of(usd) };
}

const subtotalOf = async (co: Company, month: string, accountId = co.accounts.main.ID) =>
  ok(await invoke('BillingService', 'GetBillableStatement', { as: co.analyst, accountId, body: { month } })).Subtotal;

describe('VendorBillsService.GetAccountMargin', () => {
  let co: Company;
  let plan: Awaited<ReturnType<typeof twoVendors>>;
  beforeAll(async () => {
    co = await makeCompany();
    plan = await twoVendors(co);
    const { ilsOrder, usdOrder } = plan;
    // January: the ILS vendor billed 530.00; the USD order has no bill and no delivery (as ordered).
    await bill(co, ilsOrder, '2026-01', 530, 2);
    // February: the ILS line delivered 300.00 of its 474.58 and has no bill; the USD vendor billed 100.00 USD.
    await deliver(co, ilsOrder, plan.plan.lines[0].ID, '2026-02-10', 300);
    await bill(co, usdOrder, '2026-02', 100, 1);
  });

  it('sets each month billable beside its costs: a bill where entered, else expected (capped by delivery), USD through the fixed rate', async () => {
    const [jan, feb] = [await subtotalOf(co, '2026-01'), await subtotalOf(co, '2026-02')];
    const out = ok(await margin(co, { fromMonth: '2026-01', toMonth: '2026-02' }));
    // January: 530.00 (bill) + 525.96 (142.15 USD expected × 3.7) = 1,055.96.
    // February: 300.00 (expected, capped by delivery) + 370.00 (100.00 USD billed × 3.7) = 670.00.
    expect(out.Months).toEqual([
      expect.objectContaining({
        Month: '2026-01',
        CurrencyCode: 'ILS',
        Billable: jan,
        Cost: 1055.96,
        Billed: 1,
        Expected: 1,
      }),
      expect.objectContaining({
        Month: '2026-02',
        CurrencyCode: 'ILS',
        Billable: feb,
        Cost: 670,
        Billed: 1,
        Expected: 1,
      }),
    ]);
    // February has 300.00 of ILS delivery: its billable is at least that (fees on top).
    expect(feb).toBeGreaterThanOrEqual(300);
    const cents = (n: number) => Math.round(n * 100);
    expect(cents(out.Months[1].Margin)).toBe(cents(feb) - 67_000);
    // Margin ÷ billable in % with two decimals, half up (basis points).
    const bps = (m: number, b: number) => Math.round((m * 10_000) / b) / 100;
    expect(out.Months[1].MarginPct).toBeCloseTo(bps(cents(feb) - 67_000, cents(feb)), 2);
    expect(out.Totals).toMatchObject({ CurrencyCode: 'ILS', Cost: 1725.96, Billed: 2, Expected: 2 });
    expect(cents(out.Totals.Billable)).toBe(cents(jan) + cents(feb));
    expect(cents(out.Totals.Margin)).toBe(cents(jan) + cents(feb) - 172_596);
  });

  it('answers a month with nothing billable and nothing ordered as zeros, without a percentage', async () => {
    const out = ok(await margin(co, { fromMonth: '2025-11', toMonth: '2025-11' }));
    expect(out.Months).toEqual([
      {
        Month: '2025-11',
        CurrencyCode: 'ILS',
        Billable: 0,
        Cost: 0,
        Margin: 0,
        MarginPct: null,
        Billed: 0,
        Expected: 0,
      },
    ]);
  });

  it("counts on a sub-account's page only the orders booked on it", async () => {
    const c2 = await makeCompany();
    await twoVendors(c2, c2.accounts.sub.ID);
    const onSub = ok(await margin(c2, { fromMonth: '2026-01', toMonth: '2026-01' }, c2.analyst, c2.accounts.sub.ID));
    // January of both orders, nothing billed: 525.42 + 525.96 = 1,051.38.
    expect(onSub.Months[0]).toMatchObject({ Cost: 1051.38, Billed: 0, Expected: 2 });
    // The main account's page counts its sub-accounts' orders too; the first company's sub-account has none.
    const onMain = ok(await margin(c2, { fromMonth: '2026-01', toMonth: '2026-01' }, c2.analyst, c2.accounts.main.ID));
    expect(onMain.Months[0]).toMatchObject({ Cost: 1051.38, Expected: 2 });
    const emptySub = ok(await margin(co, { fromMonth: '2026-01', toMonth: '2026-01' }, co.analyst, co.accounts.sub.ID));
    expect(emptySub.Months[0]).toMatchObject({ Cost: 0, Billed: 0, Expected: 0 });
  });

  it('refuses a client user, a planner without ManagementReports, and another company’s account, writing nothing', async () => {
    const before = await tableSnapshot();
    const client = await margin(co, { fromMonth: '2026-01', toMonth: '2026-02' }, co.client);
    expect(client.status).toBe(403);
    expect(client.body.ErrorCode).toBe('CLIENT_READ_ONLY');
    expect((await margin(co, { fromMonth: '2026-01', toMonth: '2026-02' }, co.planner)).status).toBe(403);
    const other = await makeCompany('Other Agency', { idOffset: 30 });
    const foreign = await margin(co, { fromMonth: '2026-01', toMonth: '2026-02' }, co.analyst, other.accounts.main.ID);
    expect([403, 404]).toContain(foreign.status);
    expect(foreign.body.Success).toBe(false);
    const after = await tableSnapshot();
    expect(after.filter((i) => i.includes(`"C#${co.companyId}`))).toEqual(
      before.filter((i) => i.includes(`"C#${co.companyId}`)),
    );
  });

  it('refuses more than 12 months, a range that ends before it starts, and a malformed month', async () => {
    const long = await margin(co, { fromMonth: '2025-01', toMonth: '2026-01' });
    expect(long.status).toBe(400);
    expect(long.body.ErrorParams).toMatchObject({ field: 'toMonth', reason: 'TOO_MANY_MONTHS', limit: 12 });
    ok(await margin(co, { fromMonth: '2025-02', toMonth: '2026-01' }));
    const backwards = await margin(co, { fromMonth: '2026-02', toMonth: '2026-01' });
    expect(backwards.status).toBe(400);
    expect(backwards.body.ErrorParams).toMatchObject({ field: 'toMonth', reason: 'DATE_NOT_BEFORE' });
    expect((await margin(co, { fromMonth: '2026-13', toMonth: '2026-12' })).status).toBe(400);
  });
});
