import { formatMinor, minorToNumber, monthlyPlan, toMinor, type Minor } from '@server/shared/money';
import { cleanNumber, MAX_LINE_BUDGET, type PlanLine } from './line-form';

/**
 * A line's monthly split (docs/domain.md: optional budget per calendar month, else pro rata by
 * days), through the server's own `monthlyPlan` (lambdas/shared/money.ts): the default split the
 * dialog offers and the check of what is typed are the ones SaveMediaChannel applies, to the agora.
 */

export type SplitLine = Pick<PlanLine, 'Budget' | 'StartDate' | 'EndDate' | 'MonthlySplit'>;
export type MonthlySplit = Record<string, number>;

export interface SplitMonth {
  /** 'YYYY-MM' */
  month: string;
  days: number;
  /** Minor units. */
  amount: Minor;
}

/** The line's months with its own split, or pro rata by days when it has none (or a stored one no longer fits). */
export function splitOf(line: SplitLine): SplitMonth[] {
  const plan = (split: SplitLine['MonthlySplit']) =>
    monthlyPlan({ budget: line.Budget, startDate: line.StartDate, endDate: line.EndDate, monthlySplit: split });
  try {
    return plan(line.MonthlySplit);
  } catch {
    try {
      return plan(null);
    } catch {
      return [];
    }
  }
}

/** The even split by days (what a line without a split plans). */
export const proRataOf = (line: SplitLine): SplitMonth[] => splitOf({ ...line, MonthlySplit: null });

/** An amount as the dialog's input shows it: plain, two decimals ("3100.00"). */
export const amountText = (minor: Minor) => formatMinor(minor);

const AMOUNT = /^\d+(\.\d{1,2})?$/;

/** A month's amount as typed: minor units, or null when it is not 0..MAX_LINE_BUDGET with at most 2 decimals. Blank is 0. */
export function parseAmount(text: string): Minor | null {
  const v = cleanNumber(text);
  if (v === '') return 0;
  if (!AMOUNT.test(v) || Number(v) > MAX_LINE_BUDGET) return null;
  return toMinor(v);
}

export interface SplitCheck {
  /** Minor units. */
  budget: Minor;
  /** Sum of the valid months (minor units). */
  sum: Minor;
  /** budget − sum: left to allocate (> 0) or over the budget (< 0). */
  left: Minor;
  /** Months whose amount is invalid. */
  invalid: ReadonlySet<string>;
  /** Why it cannot be saved (an i18n key), or null. */
  reason: 'mediaPlan.split.reasonInvalid' | 'mediaPlan.split.reasonSum' | null;
  /** The MonthlySplit to send (every month named, 0 included), when it can be saved. */
  split: MonthlySplit | null;
}

/** The live check of the dialog: each amount, then the whole split through monthlyPlan (as the server checks it). */
export function checkSplit(
  line: SplitLine,
  months: readonly string[],
  texts: Readonly<Record<string, string>>,
): SplitCheck {
  const budget = toMinor(line.Budget);
  const invalid = new Set<string>();
  const split: MonthlySplit = {};
  let sum = 0;
  for (const month of months) {
    const minor = parseAmount(texts[month] ?? '');
    if (minor === null) {
      invalid.add(month);
      continue;
    }
    sum += minor;
    split[month] = minorToNumber(minor);
  }
  const base = { budget, sum, left: budget - sum, invalid };
  if (invalid.size > 0) return { ...base, reason: 'mediaPlan.split.reasonInvalid', split: null };
  try {
    monthlyPlan({ budget: line.Budget, startDate: line.StartDate, endDate: line.EndDate, monthlySplit: split });
  } catch {
    return { ...base, reason: 'mediaPlan.split.reasonSum', split: null };
  }
  return { ...base, reason: null, split };
}
