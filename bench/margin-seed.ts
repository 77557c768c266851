import { saveAccountFor } from '../lambdas/modules/accounts/accounts';
import { saveAccount } from '../lambdas/modules/accounts/schemas';
import { markBillableFinalFor } from '../lambdas/modules/billing/statement';
import type { Activity } from '../lambdas/modules/activities/store';
import { approveVersion, submitVersion } from '../lambdas/modules/media-plans/plans';
import type { LineSaved } from '../lambdas/modules/media-plans/lines';
import { generateOrdersFor } from '../lambdas/modules/orders/generate';
import type { OrderSummary } from '../lambdas/modules/orders/replies';
import { writeStatsAndRollups } from '../lambdas/modules/performance-data/batch-write-store.dynamodb';
import { RollupBook, statItem } from '../lambdas/modules/performance-data/daily-stat-store.dynamodb';
import type { Account } from '../lambdas/modules/tenancy/account-store';
import type { UserProfile } from '../lambdas/modules/tenancy/profile-store';
import { saveVendorBillFor } from '../lambdas/modules/vendor-bills/bills';
import { vendorBillInput } from '../lambdas/modules/vendor-bills/schemas';
import { seedVendor, setLineVendor } from '../test/support/fixtures/orders-service';
import { current, seedActivity, seedLine, seedRate, seedVersion } from '../test/support/media-plans';
import type { Company } from '../test/support/world';

/**
 * The margin bench's world, through the product's write paths: a new ILS main account with
 * ACTIVITIES activities over the 12 months MONTHS, each an approved plan of two lines (one bought
 * from an ILS vendor, one from a USD vendor at the plan's fixed rate), so 2 × ACTIVITIES orders
 * (draft: the margin counts drafts); every line delivered every day of the year (stats and rollups
 * as a CSV upload writes them); a bill for every order's first BILLED_MONTHS months, and those months
 * marked final (their billable statements stored), the last months open: the route computes their
 * statements and reads the unbilled periods' actuals.
 */
export const MONTHS = [
  '2025-12',
  '2026-01',
  '2026-02',
  '2026-03',
  '2026-04',
  '2026-05',
  '2026-06',
  '2026-07',
  '2026-08',
  '2026-09',
  '2026-10',
  '2026-11',
];
export const BILLED_MONTHS = 8;
const ACTIVITIES = 10;
const START = '2025-12-01';
const END = '2026-11-30';
const USD_TO_ILS = 3.7;

export interface MarginWorld {
  account: Account;
  orders: OrderSummary[];
  lineIds: number[];
  finalMonths: string[];
  bills: number;
  statItems: number;
}

const days = (from: string, to: string) => {
  const out: string[] = [];
  for (let t = Date.parse(from); t <= Date.parse(to); t += 86_400_000) out.push(new Date(t).toISOString().slice(0, 10));
  return out;
};

/** Every day of the year for one line, in ILS, as a CSV upload writes it (stat items and their rollups). */
async function deliverYear(companyId: number, o: OrderSummary, lineId: number, dailyIls: number): Promise<number> {
  const source = `bench-${o.ID}-${lineId}`;
  const book = new RollupBook(companyId, 'csv_upload', source);
  const items = days(START, END).map((date, d) => {
    const stat = {
      LineId: lineId,
      ActivityId: o.ActivityId,
      AccountId: o.AccountId,
      Date: date,
      CampaignId: `c-${o.ID}-${lineId}`,
      CampaignName: 'Campaign',
      Currency: 'ILS',
      Impressions: 10_000 + d,
      Clicks: 100 + (d % 50),
      SpendMicros: Math.round(dailyIls * (0.9 + (d % 7) / 30) * 100) * 10_000,
      ConversionsMilli: 0,
      ConversionValueMicros: 0,
      VideoViews: 0,
    };
    book.change(undefined, stat);
    return statItem(companyId, 'csv_upload', source, stat);
  });
  await writeStatsAndRollups(items, book.takeWrites());
  return items.length;
}

/** An approved plan of two lines over the whole year (the test helpers' plans are two months long). */
async function approvedYear(co: Company, activity: Activity, budget: number) {
  await seedRate(co, '2001-02-03', 'USD', 'ILS', USD_TO_ILS);
  const version = await seedVersion(co, activity);
  const lines: LineSaved[] = [];
  for (const [i, share] of [0.6, 0.4].entries())
    lines.push(
      await seedLine(co, version, { Name: `Line ${i + 1}`, Budget: budget * share, StartDate: START, EndDate: END }),
    );
  const draft = await current(co, version.ID);
  const submitted = await submitVersion(co.planner, activity.AccountId, {
    mediaMixId: draft.ID,
    version: draft.version,
  });
  await approveVersion(co.approver, activity.AccountId, { mediaMixId: draft.ID, version: submitted.version });
  return { versionId: draft.ID, lines };
}

export async function seedMarginWorld(users: {
  admin: UserProfile;
  planner: UserProfile;
  approver: UserProfile;
}): Promise<MarginWorld> {
  const { admin } = users;
  const account = (await saveAccountFor(
    admin,
    saveAccount.parse({ account: { Name: 'Margin Bench Client', Currency: 2, ManagementFeePct: 10 } }),
    undefined,
    'create',
  )) as unknown as Account;
  // The test world's helpers take a company; these are the demo company's users and the new account.
  const co = {
    companyId: admin.companyId,
    ...users,
    analyst: admin,
    client: admin,
    disabled: admin,
    accounts: { main: account, sub: account, other: account },
  } as Company;
  const ils = await seedVendor(co, 2, 'Bench media ILS');
  const usd = await seedVendor(co, 1, 'Bench platform USD');
  const orders: OrderSummary[] = [];
  const lineIds: number[] = [];
  let statItems = 0;
  for (let a = 0; a < ACTIVITIES; a++) {
    const activity = await seedActivity(co, { accountId: account.ID, start: START, end: END, name: `Year ${a + 1}` });
    const plan = await approvedYear(co, activity, 12_000 + a * 600);
    await setLineVendor(co, plan.versionId, plan.lines[0].ID, ils);
    await setLineVendor(co, plan.versionId, plan.lines[1].ID, usd);
    const out = await generateOrdersFor(users.planner, account.ID, plan.versionId);
    for (const [i, line] of plan.lines.entries()) {
      const order = out.Orders.find((o) => o.VendorId === (i === 0 ? ils : usd))!;
      orders.push(order);
      lineIds.push(line.ID);
      statItems += await deliverYear(admin.companyId, order, line.ID, line.Budget / 365);
    }
  }
  let bills = 0;
  for (const o of orders)
    for (const [m, period] of MONTHS.slice(0, BILLED_MONTHS).entries()) {
      const net = Math.round((o.Currency === 2 ? 90 : 90 / USD_TO_ILS) * 100 + m * 100) / 100;
      await saveVendorBillFor(
        users.planner,
        account.ID,
        vendorBillInput.parse({
          OrderId: o.ID,
          Period: period,
          VendorRef: `M-${o.ID}-${period}`,
          BillDate: `${MONTHS[m + 1]}-05`,
          Net: net,
          Vat: 0,
          Gross: net,
          Currency: o.Currency,
        }),
      );
      bills++;
    }
  const finalMonths: string[] = [];
  for (const month of MONTHS.slice(0, BILLED_MONTHS)) {
    try {
      await markBillableFinalFor(admin, account.ID, { month });
      finalMonths.push(month);
    } catch (e) {
      console.log(`  ${month} not marked final: ${(e as Error).message}`);
    }
  }
  return { account, orders, lineIds, finalMonths, bills, statItems };
}
