import type { Minor } from '../../shared/money';
import { divideHalfUp } from '../../shared/money-primitives';

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
  let cost = 0;
  let billed = 0;
  for (const c of costs) {
    if (c.billedMinor === null) cost += c.expectedMinor;
    else {
      cost += c.billedMinor;
      billed += 1;
    }
  }
  const margin = billableMinor - cost;
  const bps = billableMinor > 0 ? Number(divideHalfUp(BigInt(margin) * 10_000n, BigInt(billableMinor))) : null;
  return {
    BillableMinor: billableMinor,
    CostMinor: cost,
    MarginMinor: margin,
    MarginBps: bps,
    Billed: billed,
    Expected: costs.length - billed,
  };
}
