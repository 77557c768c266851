import {
  divideHalfUp,
  formatMinor,
  monthlyPlan,
  MoneyInputError,
  MoneyRangeError,
  parseRate,
  type Minor,
} from '../../shared/money';
import { CURRENCY_CODES } from '../../shared/version-status';
import type { PlanRate } from '../media-plans/replies/plans';
import type { SourceLine } from './source-lines';
import type { OrderLine, OrderMonth } from './store';

/**
 * What an order pays, per line and per month (docs/buy-side.md): the line's net media budget spread
 * by the plan's monthly split (shared/money-calendar.ts monthlyPlan: its MonthlySplit, else by
 * days), in the vendor's currency. When the vendor's currency is the plan's, the months are the
 * plan's own figures. Otherwise each figure is converted with the rate the version fixed at
 * approval: the line's total is converted ONCE (half-up, as shared/money.ts convert does), and
 * its months are the exact converted shares rounded down, the minor units left over going one
 * each to the months with the largest remainders (earlier month first on a tie), so the months
 * always sum exactly to the line's total.
 */

export interface OrderConversion {
  /** The version's currency (its Pricing.Currency, fixed at approval). */
  planCurrency: 1 | 2;
  vendorCurrency: 1 | 2;
  /** The version's fixed rate; needed only when the two currencies differ. */
  rate: PlanRate | null;
}

const RATE_SCALE = 1_000_000n;

/** amount × num ÷ den converts the plan's currency into the vendor's; null when they are one currency. */
export function factorOf(c: OrderConversion): { num: bigint; den: bigint } | null {
  if (c.planCurrency === c.vendorCurrency) return null;
  const plan = CURRENCY_CODES[c.planCurrency];
  const vendor = CURRENCY_CODES[c.vendorCurrency];
  const r = c.rate;
  if (!r) throw new MoneyInputError(`rate: converting ${plan} to ${vendor} needs the version's fixed rate`);
  const micro = BigInt(parseRate(r.Rate));
  if (micro <= 0n) throw new MoneyInputError('rate: must be greater than 0');
  if (r.From === plan && r.To === vendor) return { num: micro, den: RATE_SCALE };
  if (r.From === vendor && r.To === plan) return { num: RATE_SCALE, den: micro };
  throw new MoneyInputError(`rate: ${r.From}→${r.To} does not convert ${plan} to ${vendor}`);
}

const floorDiv = (n: bigint, d: bigint) => (n >= 0n ? n / d : -((-n + d - 1n) / d));

function safe(v: bigint, field: string): Minor {
  if (v > BigInt(Number.MAX_SAFE_INTEGER) || v < -BigInt(Number.MAX_SAFE_INTEGER))
    throw new MoneyRangeError(`${field}: amount is too large`);
  return Number(v);
}

/**
 * Parts converted by num ÷ den: the total once (half-up), each part its exact share rounded down,
 * then the units left over one each to the largest remainders (the earlier part on a tie). The
 * total rounds to between the sum of the floors and that sum plus the number of parts, so the
 * leftover is never negative and never more than the parts that have a remainder.
 */
export function convertParts(
  parts: readonly Minor[],
  num: bigint,
  den: bigint,
  field = 'amount',
): { parts: Minor[]; total: Minor } {
  const exact = parts.map((p) => BigInt(p) * num);
  const total = divideHalfUp(
    exact.reduce((a, b) => a + b, 0n),
    den,
  );
  const shares = exact.map((e, index) => {
    const base = floorDiv(e, den);
    return { index, base, rest: e - base * den };
  });
  let left = total - shares.reduce((a, s) => a + s.base, 0n);
  const byRest = [...shares].sort((a, b) => (a.rest === b.rest ? a.index - b.index : a.rest > b.rest ? -1 : 1));
  for (const s of byRest) {
    if (left <= 0n) break;
    s.base += 1n;
    left -= 1n;
  }
  return { parts: shares.map((s) => safe(s.base, field)), total: safe(total, field) };
}

/** One line of an order: its months and total in the vendor's currency. */
export function orderLineOf(l: SourceLine, c: OrderConversion): OrderLine {
  const field = `line ${l.LineId}`;
  const plan = monthlyPlan({
    budget: formatMinor(l.BudgetMinor),
    startDate: l.StartDate,
    endDate: l.EndDate,
    monthlySplit: l.MonthlySplit,
  });
  const factor = factorOf(c);
  const amounts = plan.map((m) => m.amount);
  const converted = factor
    ? convertParts(amounts, factor.num, factor.den, field)
    : { parts: amounts, total: l.BudgetMinor };
  return {
    LineId: l.LineId,
    Name: l.Name,
    ChannelTypeName: l.ChannelTypeName,
    AccountChannelTypeId: l.AccountChannelTypeId,
    StartDate: l.StartDate,
    EndDate: l.EndDate,
    Months: plan.map((m, i) => ({ Month: m.month, AmountMinor: converted.parts[i] })),
    TotalMinor: converted.total,
  };
}

/** The order's total per month over its lines, by month. */
export function periodTotals(lines: readonly OrderLine[]): OrderMonth[] {
  const sums = new Map<string, bigint>();
  for (const l of lines) for (const m of l.Months) sums.set(m.Month, (sums.get(m.Month) ?? 0n) + BigInt(m.AmountMinor));
  return [...sums.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([Month, v]) => ({ Month, AmountMinor: safe(v, 'period total') }));
}

/** The order's total: the sum of its lines' totals (equal to the sum of its period totals). */
export const orderTotalMinor = (lines: readonly OrderLine[]): Minor =>
  safe(
    lines.reduce((a, l) => a + BigInt(l.TotalMinor), 0n),
    'order total',
  );

/** An order's lines and total from a vendor's source lines. */
export function orderContentOf(
  lines: readonly SourceLine[],
  c: OrderConversion,
): { Lines: OrderLine[]; TotalMinor: Minor } {
  const out = lines.map((l) => orderLineOf(l, c));
  return { Lines: out, TotalMinor: orderTotalMinor(out) };
}
