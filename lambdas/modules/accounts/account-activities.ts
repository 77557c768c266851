import { getAccounts, type AccountRow, type AccountStatus } from '../tenancy';
import { activityTotalsOfCompany, activityTotalsOfMain, type ActivityFilter, type TotalsDelta } from '../activities';
import type { UserProfile } from '../tenancy';
import { ActivityStatus, ANY_ACTIVITY_STATUS } from '../../shared/activity-status';
import { minorToNumber } from '../../shared/money';
import { pageOfList } from '../../aws/dynamodb/page-token';

/**
 * GetAccountsList's activity columns (ActivitiesCount, PlannedBudget) and its fromDate / toDate /
 * activityStatus filter.
 *
 * Unfiltered (the everyday, benchmarked list): the totals are attributes of each account item,
 * kept up to date by every activity write with an atomic ADD in the activity's own transaction
 * (modules/activities/activities.ts `totalsChanges`). The list stays the single Query it was — no read of
 * activities at all. ActivitiesCount counts the activities that are not deleted (any status);
 * PlannedBudget sums their budgets without the cancelled ones. A sub-account's activity counts in
 * its own row (sub-accounts list) and in its main account's row (main list).
 *
 * Filtered (any of the three): the list becomes "accounts with at least one matching activity",
 * with totals over the matching activities only. It is answered from the activities, not the
 * accounts: one Query of the company's live activities by end date (gsi2: key EndDate ≥ fromDate,
 * filter StartDate ≤ toDate and status) for the main list, or of one main account's activities
 * (gsi1) for its sub-accounts list; grouped by account, intersected with the accounts the caller
 * may see, then one BatchGet of those accounts, sorted by name and paged by offset.
 */

export function activityFilterOf(input: {
  fromDate?: string | null;
  toDate?: string | null;
  activityStatus: number;
}): ActivityFilter | undefined {
  const filter: ActivityFilter = {
    fromDate: input.fromDate || undefined,
    toDate: input.toDate || undefined,
    status: input.activityStatus === ANY_ACTIVITY_STATUS ? undefined : (input.activityStatus as ActivityStatus),
  };
  return filter.fromDate || filter.toDate || filter.status !== undefined ? filter : undefined;
}

export async function listAccountsByActivities(
  caller: UserProfile,
  parentId: number | null,
  status: AccountStatus,
  filter: ActivityFilter,
  limit: number,
  nextToken: string | null | undefined,
): Promise<{ Items: AccountRow[]; NextToken: string | null }> {
  const companyId = caller.companyId;
  const activities =
    parentId === null
      ? await activityTotalsOfCompany(companyId, filter)
      : await activityTotalsOfMain(companyId, parentId, filter);

  const totals = new Map<number, TotalsDelta>();
  for (const a of activities) {
    // Main list: the row of the main account (AccountId). Sub-accounts list: the sub-account's row;
    // the main account's own flights have none there.
    const accountId = parentId === null ? a.AccountId : a.SubAccountId;
    if (accountId === null) continue;
    if (parentId === null && caller.accountAccess !== 'all' && !caller.accountAccess.includes(accountId)) continue;
    const t = totals.get(accountId) ?? { count: 0, budgetMinor: 0 };
    t.count += 1;
    if (a.Status !== ActivityStatus.Cancelled) t.budgetMinor += a.BudgetMinor;
    totals.set(accountId, t);
  }

  const accounts = (await getAccounts(companyId, [...totals.keys()]))
    .filter((a) => a.ParentId === parentId && a.Status === status)
    .sort((a, b) => a.Name.localeCompare(b.Name) || a.ID - b.ID);
  const page = pageOfList(accounts, nextToken, limit);
  const rows = page.items.map((a) => {
    const t = totals.get(a.ID)!;
    return { ...a, ActivitiesCount: t.count, PlannedBudget: minorToNumber(t.budgetMinor) };
  });
  return { Items: rows, NextToken: page.nextToken };
}
