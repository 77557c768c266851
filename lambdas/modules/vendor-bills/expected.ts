import { divideHalfUp, type Minor } from '../../shared/money';
import { toSafe } from '../../shared/money-primitives';
import { CURRENCY_CODES } from '../../shared/version-status';
import { inParallel } from '../../core/in-parallel';
import { orderConversionFactor, type Order } from '../orders';
import { microsToMinor } from '../performance';
import { readLineRollup, type RollupRow } from '../performance-data';
import { lastDayOf } from './missing-bills';
import type { PeriodCost } from './reconciliation';

/**
 * What an order period costs (docs/vendor-bills.md, "Expected amount"): per line, the ordered
 * month; a line with platform actuals in the month is capped by its own delivery (so one line's
 * over-delivery never pays for another's shortfall). Actual spend is converted to the order's
 * currency the way the order converted the plan: in the order's currency as it is, in the plan's
 * at the version's fixed rate (half up). Spend in any other currency cannot be priced here: such a
 * line counts as offline (as ordered).
 */

/** One line's actual spend of one month, by currency (micros, as the rollups hold it). */
export type LineSpend = ReadonlyMap<string, number>;

export interface PeriodFigures {
  cost: PeriodCost;
  /** The converted actual spend of the lines that have actuals (null: none has). */
  deliveredMinor: Minor | null;
}

const MICROS_PER_MINOR = 10_000n;

function spendInOrderCurrency(order: Order, spend: LineSpend): Minor | null {
  const own = CURRENCY_CODES[order.Currency];
  const plan = CURRENCY_CODES[order.PlanCurrency];
  let total = 0n;
  for (const [currency, micros] of spend) {
    if (currency === own) total += BigInt(microsToMinor(micros));
    else if (currency === plan) {
      const f = orderConversionFactor({
        planCurrency: order.PlanCurrency,
        vendorCurrency: order.Currency,
        rate: order.Rate,
      });
      // Micros straight to the order's minor units: one rounding, as the order's line total has.
      total += f ? divideHalfUp(BigInt(micros) * f.num, f.den * MICROS_PER_MINOR) : BigInt(microsToMinor(micros));
    } else return null;
  }
  return toSafe(total, 'delivered');
}

/** The period's ordered and capped-delivered amounts; `actuals` holds the lines that report spend in the month. */
export function periodFigures(order: Order, period: string, actuals: ReadonlyMap<number, LineSpend>): PeriodFigures {
  let ordered = 0n;
  let capped = 0n;
  let delivered: bigint | null = null;
  for (const line of order.Lines) {
    const month = line.Months.find((m) => m.Month === period);
    if (!month) continue;
    ordered += BigInt(month.AmountMinor);
    const spend = actuals.get(line.LineId);
    const minor = spend ? spendInOrderCurrency(order, spend) : null;
    if (minor === null) {
      capped += BigInt(month.AmountMinor);
      continue;
    }
    delivered = (delivered ?? 0n) + BigInt(minor);
    capped += BigInt(Math.min(month.AmountMinor, Math.max(0, minor)));
  }
  const orderedMinor = toSafe(ordered, 'ordered');
  return {
    cost: { orderedMinor, deliveredMinor: delivered === null ? null : toSafe(capped, 'delivered') },
    deliveredMinor: delivered === null ? null : toSafe(delivered, 'delivered'),
  };
}

/** The order's months, YYYY-MM, in order. */
export const orderMonths = (order: Order): string[] =>
  [...new Set(order.Lines.flatMap((l) => l.Months.map((m) => m.Month)))].sort();

/** Lines' day rollups already read (line id → rows) over days covering the months asked. */
export type PrereadRollups = ReadonlyMap<number, readonly RollupRow[]>;

/**
 * The actual spend of the order's lines by month (YYYY-MM → line → currency → micros), from each
 * line's day rollups over `months`: taken from `pre` when it holds the line (its rows of other
 * months are left out), else read (one Query per line).
 */
export async function orderActuals(
  companyId: number,
  order: Order,
  months: readonly string[],
  pre?: PrereadRollups,
): Promise<Map<string, Map<number, Map<string, number>>>> {
  const out = new Map<string, Map<number, Map<string, number>>>();
  if (!months.length) return out;
  const from = `${months[0]}-01`;
  const to = lastDayOf(months[months.length - 1]);
  await inParallel(
    order.Lines,
    async (line) => {
      const rows = pre?.get(line.LineId) ?? (await readLineRollup(companyId, line.LineId, from, to));
      for (const row of rows) {
        const month = row.Period.slice(0, 7);
        if (!months.includes(month)) continue;
        const byLine = out.get(month) ?? new Map<number, Map<string, number>>();
        out.set(month, byLine);
        const spend = byLine.get(line.LineId) ?? new Map<string, number>();
        byLine.set(line.LineId, spend);
        spend.set(row.Currency, (spend.get(row.Currency) ?? 0) + row.SpendMicros);
      }
    },
    8,
  );
  return out;
}
