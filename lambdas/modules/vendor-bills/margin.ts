import { ConflictError } from '../../core/errors';
import type { Minor } from '../../shared/money';
import { divideHalfUp, toSafe } from '../../shared/money-primitives';
import { CURRENCY_CODES } from '../../shared/version-status';
import { orderConversionFactor, type Order } from '../orders';

/**
 * The agency's gross margin on an account for a month (docs/vendor-bills.md): what the client is
 * billed for the month (the billable statement, before VAT) against what the vendors cost for the
 * same lines and month, both in the account's currency. A period's cost is its bill's net once a
 * bill is entered, else the expected amount (what will be billed): the margin is known before the
 * bills come in, and says how much of it rests on bills.
 */

export interface PeriodCostInAccount {
  /** The bill's net converted to the account's currency; null: no bill yet. */
  billedMinor: Minor | null;
  expectedMinor: Minor;
}

export interface Margin {
  BillableMinor: Minor;
  CostMinor: Minor;
  MarginMinor: Minor;
  /** Margin ÷ billable in basis points (half up); null when nothing is billable. */
  MarginBps: number | null;
  /** How many of the periods' costs are bills (the rest are expected amounts). */
  Billed: number;
  Expected: number;
}

export function marginOf(billableMinor: Minor, costs: readonly PeriodCostInAccount[]): Margin {
  // BigInt sums, checked once: many periods at the money limit would pass the safe integers.
  let cost = 0n;
  let billed = 0;
  for (const c of costs) {
    if (c.billedMinor === null) cost += BigInt(c.expectedMinor);
    else {
      cost += BigInt(c.billedMinor);
      billed += 1;
    }
  }
  const margin = BigInt(billableMinor) - cost;
  const bps = billableMinor > 0 ? Number(divideHalfUp(margin * 10_000n, BigInt(billableMinor))) : null;
  return {
    BillableMinor: billableMinor,
    CostMinor: toSafe(cost, 'cost'),
    MarginMinor: toSafe(margin, 'margin'),
    MarginBps: bps,
    Billed: billed,
    Expected: costs.length - billed,
  };
}

/**
 * An amount of an order period (the order's, i.e. the vendor's, currency) in the account's
 * currency: as it is when they are one; else back through the order's fixed rate, the one the
 * order converted the plan with (the inverse of its factor), half up once per period. An order
 * whose currency differs from the account's without a fixed rate (the account's currency changed
 * after the plan) cannot be priced: RATE_MISSING.
 */
export function inAccountCurrency(
  minor: Minor,
  order: Pick<Order, 'ID' | 'Currency' | 'Rate'>,
  accountCurrency: 1 | 2,
  month: string,
): Minor {
  if (order.Currency === accountCurrency) return minor;
  if (!order.Rate) {
    const from = CURRENCY_CODES[order.Currency];
    const to = CURRENCY_CODES[accountCurrency];
    throw new ConflictError(`Order ${order.ID} has no fixed rate from ${from} to ${to}`, 'RATE_MISSING', {
      from,
      to,
      date: `${month}-01`,
    });
  }
  const f = orderConversionFactor({ planCurrency: accountCurrency, vendorCurrency: order.Currency, rate: order.Rate });
  if (!f) return minor;
  return toSafe(divideHalfUp(BigInt(minor) * f.den, f.num), 'cost');
}
