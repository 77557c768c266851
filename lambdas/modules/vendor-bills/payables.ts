import { pageOfList } from '../../aws/dynamodb/page-token';
import { inParallel } from '../../core/in-parallel';
import { todayIn } from '../../shared/company-day';
import { minorToNumber } from '../../shared/money';
import { toSafe } from '../../shared/money-primitives';
import { CURRENCY_CODES } from '../../shared/version-status';
import { getActivity } from '../activities';
import { getCompanyConfiguration } from '../configurations';
import { listOrders, type Order } from '../orders';
import { cachedAccounts, type UserProfile } from '../tenancy';
import { getVendor } from '../vendors';
import { payStatusOf, summaryOf } from './bill-views';
import { orderActuals, orderMonths, periodFigures } from './expected';
import { billDueBy, missingBills, type OrderPeriod } from './missing-bills';
import type { MissingBillsList, MissingBillView, PayablesTotal, PayStatus, VendorBillsPage } from './replies';
import type { MissingBillsInput, VendorBillsListInput } from './schemas';
import type { BillRow, PayablesCounter } from './store';
import { allBillRows, billRowsPage, openRowsDueIn, payablesCounters } from './store.dynamodb';

const DEFAULT_PAGE_SIZE = 50;

/** The caller may open the row's main account (a main account covers its sub-accounts), and the page's account when sent. */
const visible = (caller: UserProfile, scope: number | undefined) => (r: Pick<BillRow, 'AccountId' | 'SubAccountId'>) =>
  (caller.accountAccess === 'all' || caller.accountAccess.includes(r.AccountId)) &&
  (scope === undefined || r.AccountId === scope || r.SubAccountId === scope);

type Sum = { count: number; gross: bigint; paid: bigint };

// BigInt sums, checked once: many bills at the limit would pass the safe integers (docs/vendor-bills.md).
function totalsView(by: ReadonlyMap<1 | 2, Sum>): PayablesTotal[] {
  return [...by.entries()]
    .filter(([, t]) => t.count > 0)
    .sort(([a], [b]) => a - b)
    .map(([currency, t]) => ({
      Currency: currency,
      CurrencyCode: CURRENCY_CODES[currency],
      Count: t.count,
      Gross: minorToNumber(toSafe(t.gross, 'gross')),
      Paid: minorToNumber(toSafe(t.paid, 'paid')),
      Balance: minorToNumber(toSafe(t.gross - t.paid, 'balance')),
    }));
}

function summer() {
  const by = new Map<1 | 2, Sum>();
  const add = (currency: 1 | 2, count: number, gross: number, paid: number) => {
    const t = by.get(currency) ?? { count: 0, gross: 0n, paid: 0n };
    by.set(currency, { count: t.count + count, gross: t.gross + BigInt(gross), paid: t.paid + BigInt(paid) });
  };
  return { by, add };
}

export function totalsOf(rows: readonly BillRow[]): PayablesTotal[] {
  const { by, add } = summer();
  for (const r of rows) add(r.Currency, 1, r.GrossMinor, r.PaidMinor);
  return totalsView(by);
}

/**
 * The totals of a pay status (undefined: all) from the counters: paid buckets are paid; unpaid
 * ones due before today's month are overdue, after it open; today's month is split by the
 * company's today from its open rows (`dueThisMonth`), which stand in for its unpaid counters.
 */
export function totalsFromCounters(
  counters: readonly PayablesCounter[],
  dueThisMonth: readonly BillRow[],
  today: string,
  status: PayStatus | undefined,
): PayablesTotal[] {
  const month = today.slice(0, 7);
  const { by, add } = summer();
  for (const c of counters) {
    if (c.Unpaid && c.Month === month) continue;
    const s: PayStatus = !c.Unpaid ? 'paid' : c.Month < month ? 'overdue' : 'open';
    if (status === undefined || s === status) add(c.Currency, c.Bills, c.GrossMinor, c.PaidMinor);
  }
  for (const r of dueThisMonth)
    if (status === undefined || payStatusOf(r, today) === status) add(r.Currency, 1, r.GrossMinor, r.PaidMinor);
  return totalsView(by);
}

/**
 * The screen's default (every account, no filter but the pay status) reads one page and the
 * counters; any other filter, or an account-limited caller, reads and counts every row.
 */
const byCounters = (caller: UserProfile, scope: number | undefined, input: VendorBillsListInput) =>
  caller.accountAccess === 'all' &&
  scope === undefined &&
  input.vendorId === undefined &&
  input.accountId === undefined &&
  input.period === undefined &&
  !input.dueFrom &&
  !input.dueTo;

async function counted(companyId: number, input: VendorBillsListInput, today: string): Promise<VendorBillsPage> {
  const [page, counters, dueThisMonth] = await Promise.all([
    billRowsPage(companyId, input.status, today, input.nextToken, input.pageSize ?? DEFAULT_PAGE_SIZE),
    payablesCounters(companyId),
    openRowsDueIn(companyId, today.slice(0, 7)),
  ]);
  return {
    Items: page.items.map((r) => summaryOf(r, today)),
    NextToken: page.nextToken,
    Totals: totalsFromCounters(counters, dueThisMonth, today, input.status),
  };
}

/**
 * VendorBillsService.GetVendorBillsList (payables): the bills of the accounts the caller may open
 * (of the page's account when sent), by pay status (by the company's today), vendor, account,
 * period and due dates; by due date then id; totals per currency over every bill kept. Reads the
 * company's payables rows only (small items already in due-date order: docs/table-design.md).
 */
export async function listVendorBillsFor(
  caller: UserProfile,
  scope: number | undefined,
  input: VendorBillsListInput,
): Promise<VendorBillsPage> {
  const config = await getCompanyConfiguration(caller.companyId);
  const today = todayIn(config.TimeZone);
  if (byCounters(caller, scope, input)) return counted(caller.companyId, input, today);
  const rows = await allBillRows(caller.companyId);
  const see = visible(caller, scope);
  const kept = rows.filter(
    (r) =>
      see(r) &&
      (input.status === undefined || payStatusOf(r, today) === input.status) &&
      (input.vendorId === undefined || r.VendorId === input.vendorId) &&
      (input.accountId === undefined || r.AccountId === input.accountId || r.SubAccountId === input.accountId) &&
      (input.period === undefined || r.Period === input.period) &&
      (!input.dueFrom || r.DueDate >= input.dueFrom) &&
      (!input.dueTo || r.DueDate <= input.dueTo),
  );
  const page = pageOfList(kept, input.nextToken, input.pageSize ?? DEFAULT_PAGE_SIZE);
  return { Items: page.items.map((r) => summaryOf(r, today)), NextToken: page.nextToken, Totals: totalsOf(kept) };
}

/** The periods of one order that count as missing (docs/vendor-bills.md, "Missing bills"). */
async function missingOf(
  companyId: number,
  order: Order,
  billed: ReadonlySet<string>,
  today: string,
  grace: number,
): Promise<{ order: Order; period: OrderPeriod; dueBy: string; daysLate: number }[]> {
  // Only months whose grace has passed and that have no bill can be missing: only they need their actuals read.
  const due = orderMonths(order).filter((m) => !billed.has(`${order.ID}:${m}`) && today > billDueBy(m, grace));
  if (!due.length) return [];
  const actuals = await orderActuals(companyId, order, due);
  const periods = due.map((m) => {
    const f = periodFigures(order, m, actuals.get(m) ?? new Map());
    return { orderId: order.ID, period: m, orderedMinor: f.cost.orderedMinor, deliveredMinor: f.deliveredMinor };
  });
  return missingBills(periods, billed, today, grace).map((m) => ({
    order,
    period: m,
    dueBy: m.DueBy,
    daysLate: m.DaysLate,
  }));
}

/**
 * VendorBillsService.GetMissingBills: the months of approved orders (the agency's commitments)
 * with delivery and no bill more than MissingBillDays after the month's end, most late first.
 */
export async function missingBillsFor(
  caller: UserProfile,
  scope: number | undefined,
  input: MissingBillsInput,
): Promise<MissingBillsList> {
  const companyId = caller.companyId;
  const see = visible(caller, scope);
  const [orders, rows, config] = await Promise.all([
    listOrders(
      companyId,
      (o) =>
        o.Status === 'approved' &&
        see(o) &&
        (input.vendorId === undefined || o.VendorId === input.vendorId) &&
        (input.accountId === undefined || o.AccountId === input.accountId || o.SubAccountId === input.accountId),
      Number.MAX_SAFE_INTEGER,
    ),
    allBillRows(companyId),
    getCompanyConfiguration(companyId),
  ]);
  const today = todayIn(config.TimeZone);
  const billed = new Set(rows.map((r) => `${r.OrderId}:${r.Period}`));
  const found = (
    await inParallel(orders.items, (o) => missingOf(companyId, o, billed, today, config.MissingBillDays), 4)
  ).flat();
  const items = await viewsOf(companyId, found);
  return {
    Items: items.sort((a, b) => b.DaysLate - a.DaysLate || a.OrderId - b.OrderId || a.Period.localeCompare(b.Period)),
  };
}

async function viewsOf(
  companyId: number,
  found: { order: Order; period: OrderPeriod; dueBy: string; daysLate: number }[],
): Promise<MissingBillView[]> {
  const ids = <T>(f: (o: Order) => T) => [...new Set(found.map((x) => f(x.order)))];
  const [activities, accounts, vendors] = await Promise.all([
    Promise.all(ids((o) => o.ActivityId).map((id) => getActivity(companyId, id))),
    cachedAccounts(
      companyId,
      ids((o) => o.AccountId),
    ),
    Promise.all(ids((o) => o.VendorId).map((id) => getVendor(companyId, id))),
  ]);
  const name = (list: ({ ID: number; Name: string } | undefined)[], id: number) =>
    list.find((x) => x?.ID === id)?.Name ?? '';
  return found.map(({ order: o, period: p, dueBy, daysLate }) => ({
    OrderId: o.ID,
    VendorId: o.VendorId,
    VendorName: name(vendors, o.VendorId),
    AccountId: o.AccountId,
    AccountName: name(accounts, o.AccountId),
    ActivityId: o.ActivityId,
    ActivityName: name(activities, o.ActivityId),
    Period: p.period,
    Currency: o.Currency,
    CurrencyCode: CURRENCY_CODES[o.Currency],
    Ordered: minorToNumber(p.orderedMinor),
    Delivered: p.deliveredMinor === null ? null : minorToNumber(p.deliveredMinor),
    DueBy: dueBy,
    DaysLate: daysLate,
  }));
}
