import type { Minor } from './money-primitives';

/**
 * A plan's net media against its activity's budget, in minor units of the account's
 * currency: ONE rule for the console's live check under the totals, SubmitMediaMix's refusal of an
 * unconfirmed over-budget plan and the approvals inbox's "over budget by". Over only when the net
 * exceeds the budget (equal is within it).
 */
export interface BudgetCheck {
  /** How much the net exceeds the budget; 0 when within it. */
  overBy: Minor;
  /** How much of the budget the net leaves; 0 when over. */
  remaining: Minor;
}

export function checkBudget(netMinor: Minor, budgetMinor: Minor): BudgetCheck {
  const gap = netMinor - budgetMinor;
  return { overBy: gap > 0 ? gap : 0, remaining: gap < 0 ? -gap : 0 };
}
