import { AppError } from '../../core/errors';
import { inParallel } from '../../core/in-parallel';
import { minorToNumber, toMinor, type Minor } from '../../shared/money';
import { toSafe } from '../../shared/money-primitives';
import { CURRENCY_CODES } from '../../shared/version-status';
import {
  computedStatementFor,
  finalStatementsOf,
  readStatementRange,
  type BillableStatementView,
  type StatementRange,
} from '../billing';
import { mainAccountOf } from '../media-plans';
import { listOrders, type Order } from '../orders';
import type { UserProfile } from '../tenancy';
import { orderActuals, orderMonths, periodFigures, type PrereadRollups } from './expected';
import { lastDayOf } from './missing-bills';
import { inAccountCurrency, marginOf, type Margin, type PeriodCostInAccount } from './margin';
import { expectedAmount } from './reconciliation';
import type { AccountMarginView, MarginMonthView } from './replies';
import { monthsBetween, type AccountMarginInput } from './schemas';
import { allBillRows } from './store.dynamodb';

/**
 * VendorBillsService.GetAccountMargin (docs/vendor-bills.md, "Margin per account and month"): per
 * month, the billable statement's subtotal beside the vendor costs of the page's orders, both in
 * the account's currency. Reads only: the statements (stored when final, else computed), the
 * orders, the bills' payables rows and the actuals of the periods without a bill.
 */

/** The months from `from` to `to`, YYYY-MM, both counted. */
function monthsOf(from: string, to: string): string[] {
  const [y, m] = from.split('-').map(Number);
  return Array.from({ length: monthsBetween(from, to) }, (_, i) => {
    const n = y * 12 + m - 1 + i;
    return `${Math.floor(n / 12)}-${String((n % 12) + 1).padStart(2, '0')}`;
  });
}

/**
 * The month's billable subtotal in minor units: the stored statement's when the month is final,
 * else the one computed over the range's shared reads. A month before the account's first activity
 * has no statement (MONTH_OUT_OF_RANGE with the month before `from`): nothing was billable. A month
 * after the company's current one stays refused: it has no statement yet.
 */
async function billableOf(
  caller: UserProfile,
  scope: number,
  month: string,
  final: BillableStatementView | undefined,
  range: StatementRange | undefined,
): Promise<Minor> {
  try {
    const s = final ?? (await computedStatementFor(caller, scope, month, range!));
    return toMinor(s.Subtotal, 'billable');
  } catch (e) {
    if (e instanceof AppError && e.code === 'MONTH_OUT_OF_RANGE' && month < String(e.params.from)) return 0;
    throw e;
  }
}

/** One order's period costs in the account's currency, by month (only the months asked that it has). */
async function orderCosts(
  companyId: number,
  order: Order,
  months: readonly string[],
  billedNet: ReadonlyMap<string, bigint>,
  accountCurrency: 1 | 2,
  rollups: PrereadRollups | undefined,
): Promise<[string, PeriodCostInAccount][]> {
  const own = orderMonths(order).filter((m) => months.includes(m));
  const actuals = await orderActuals(companyId, order, unbilledMonths(order, months, billedNet), rollups);
  return own.map((m) => {
    const net = billedNet.get(`${order.ID}:${m}`);
    const expected = expectedAmount(periodFigures(order, m, actuals.get(m) ?? new Map()).cost);
    const convert = (minor: Minor) => inAccountCurrency(minor, order, accountCurrency, m);
    // A billed period's expected amount is not read (its actuals are not): the bill is the cost.
    return [
      m,
      net === undefined
        ? { billedMinor: null, expectedMinor: convert(expected) }
        : { billedMinor: convert(toSafe(net, 'cost')), expectedMinor: 0 },
    ];
  });
}

/** The order's months asked that no bill covers: their expected amounts read the lines' actuals. */
const unbilledMonths = (order: Order, months: readonly string[], billedNet: ReadonlyMap<string, bigint>) =>
  orderMonths(order).filter((m) => months.includes(m) && !billedNet.has(`${order.ID}:${m}`));

/**
 * The plan chain and rollups the open months' statements and the unbilled periods' costs are made
 * of, read once for the range (readStatementRange): the days from the first to the last of those
 * months, the lines of the open months' plans and of the orders with unbilled periods.
 */
function rangeOf(
  caller: UserProfile,
  scope: number,
  open: readonly string[],
  unbilled: ReadonlyMap<Order, string[]>,
): Promise<StatementRange> | undefined {
  const span = [...open, ...[...unbilled.values()].flat()].sort();
  if (!span.length) return undefined;
  const lineIds = [...unbilled.keys()].flatMap((o) => o.Lines.map((l) => l.LineId));
  return readStatementRange(caller, scope, `${span[0]}-01`, lastDayOf(span[span.length - 1]), {
    plans: open.length > 0,
    lineIds,
  });
}

const pctOf = (bps: number | null) => (bps === null ? null : bps / 100);

function viewOf(m: Margin, code: string): Omit<MarginMonthView, 'Month'> {
  return {
    CurrencyCode: code,
    Billable: minorToNumber(m.BillableMinor),
    Cost: minorToNumber(m.CostMinor),
    Margin: minorToNumber(m.MarginMinor),
    MarginPct: pctOf(m.MarginBps),
    Billed: m.Billed,
    Expected: m.Expected,
  };
}

/**
 * The page's orders (draft or approved: a draft is already the agency's plan with the vendor, and
 * a vendor may bill before the order is locked): a main account's page counts its orders and its
 * sub-accounts'; a sub-account's page only the orders booked on it.
 */
export async function accountMarginFor(
  caller: UserProfile,
  scope: number,
  input: AccountMarginInput,
): Promise<AccountMarginView> {
  const companyId = caller.companyId;
  const months = monthsOf(input.fromMonth, input.toMonth);
  const [main, orders, rows, finals] = await Promise.all([
    mainAccountOf(companyId, scope),
    listOrders(
      companyId,
      (o) => (o.AccountId === scope || o.SubAccountId === scope) && orderMonths(o).some((m) => months.includes(m)),
      Number.MAX_SAFE_INTEGER,
    ),
    allBillRows(companyId),
    finalStatementsOf(companyId, scope, months),
  ]);
  const currency = main.Currency as 1 | 2;
  const code = CURRENCY_CODES[currency];
  const ids = new Set(orders.items.map((o) => o.ID));
  // A vendor may bill one month in several invoices: their nets together are the period's cost.
  const billedNet = new Map<string, bigint>();
  for (const r of rows.filter((x) => ids.has(x.OrderId) && months.includes(x.Period))) {
    const k = `${r.OrderId}:${r.Period}`;
    billedNet.set(k, (billedNet.get(k) ?? 0n) + BigInt(r.NetMinor));
  }
  const unbilled = new Map(
    orders.items.map((o) => [o, unbilledMonths(o, months, billedNet)] as const).filter(([, m]) => m.length),
  );
  const range = await rangeOf(
    caller,
    scope,
    months.filter((m) => !finals.has(m)),
    unbilled,
  );
  const [billables, costs] = await Promise.all([
    inParallel(months, (m) => billableOf(caller, scope, m, finals.get(m), range), 3),
    inParallel(orders.items, (o) => orderCosts(companyId, o, months, billedNet, currency, range?.rollups), 4),
  ]);
  const byMonth = new Map<string, PeriodCostInAccount[]>(months.map((m) => [m, []]));
  for (const [m, c] of costs.flat()) byMonth.get(m)?.push(c);
  const margins = months.map((m, i) => marginOf(billables[i], byMonth.get(m) ?? []));
  const total = marginOf(
    toSafe(
      margins.reduce((s, x) => s + BigInt(x.BillableMinor), 0n),
      'billable',
    ),
    costs.flat().map(([, c]) => c),
  );
  return {
    AccountId: scope,
    Currency: currency,
    CurrencyCode: code,
    Months: margins.map((x, i) => ({ Month: months[i], ...viewOf(x, code) })),
    Totals: viewOf(total, code),
  };
}
