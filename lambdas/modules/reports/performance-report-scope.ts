import type { output } from 'zod/mini';
import { ForbiddenError, NotFoundError } from '../../core/errors';
import { activityTotalsOfCompany, activityTotalsOfMain, getActivity, type ActivityTotalsRow } from '../activities';
import type { Account } from '../tenancy';
import type { UserProfile } from '../tenancy';
import type { getPerformanceReport } from './schemas/reports';
import { CURRENCY_CODES } from '../../shared/version-status';
import { askedAccount, cachedAccounts, maySeeAccount } from '../tenancy';
import type { Period } from './periods';

/** The performance report's scope: the account asked for, the report's currency and the activities the caller sees. */

/** Activities one report reads at most. */
export const REPORT_MAX_ACTIVITIES = 2000;

/** The account an activity is booked on: its sub-account, else its main account. */
export const bookedOn = (a: ActivityTotalsRow) => a.SubAccountId ?? a.AccountId;

export interface ReportScope {
  asked: Account | null;
  currency: string;
  /** The accounts of the activities, by id. */
  accounts: Map<number, Account>;
  /** The activities the caller sees, by id. */
  visible: ActivityTotalsRow[];
  /** The ones read: the first REPORT_MAX_ACTIVITIES. */
  read: ActivityTotalsRow[];
  /** An account inside the account asked for (any when none was asked). */
  inAskedAccount: (acc: Account) => boolean;
}

/** The activities of the report: the one asked for, else those of the account asked for (or the company's) in the span. */
async function activitiesAsked(
  companyId: number,
  input: output<typeof getPerformanceReport>,
  asked: Account | null,
  mainOfAsked: Account | null,
  span: Period,
): Promise<ActivityTotalsRow[]> {
  if (input.activityId !== undefined) {
    const a = await getActivity(companyId, input.activityId);
    if (!a || a.Archived)
      throw new NotFoundError(`Activity ${input.activityId} was not found`, 'NOT_FOUND', {
        entity: 'Activity',
        id: input.activityId,
      });
    return [a];
  }
  if (asked) {
    const main = mainOfAsked!;
    return activityTotalsOfMain(companyId, main.ID, {
      fromDate: span.from,
      toDate: span.to,
      ...(asked.ParentId !== null ? { subAccountId: asked.ID } : {}),
    });
  }
  return activityTotalsOfCompany(companyId, { fromDate: span.from, toDate: span.to });
}

export async function reportScope(
  caller: UserProfile,
  scopeAccountId: number | undefined,
  input: output<typeof getPerformanceReport>,
  span: Period,
  defaultCurrency: 1 | 2,
): Promise<ReportScope> {
  const companyId = caller.companyId;
  // The account asked for (checked against the caller and the request's account), and the main account whose activities are read.
  const { asked, mainOfAsked } = await askedAccount(caller, scopeAccountId, input.accountId);
  const currency = CURRENCY_CODES[mainOfAsked?.Currency ?? defaultCurrency];
  const activities = await activitiesAsked(companyId, input, asked, mainOfAsked, span);

  // Visibility: each activity through the account it is booked on (its sub-account, else its main account), inside the account asked.
  const accountIds = [
    ...new Set(activities.flatMap((a) => [a.AccountId, ...(a.SubAccountId ? [a.SubAccountId] : [])])),
  ];
  const accounts = new Map<number, Account>(
    (accountIds.length ? await cachedAccounts(companyId, accountIds) : []).map((a) => [a.ID, a]),
  );
  const inAsked = (a: ActivityTotalsRow) =>
    !asked || (asked.ParentId === null ? a.AccountId === asked.ID : a.SubAccountId === asked.ID);
  const inAskedAccount = (acc: Account) =>
    !asked || acc.ID === asked.ID || (asked.ParentId === null && acc.ParentId === asked.ID);
  const visible = activities.filter((a) => {
    const acc = accounts.get(bookedOn(a)) ?? accounts.get(a.AccountId);
    return !!acc && maySeeAccount(caller, acc) && inAsked(a);
  });
  if (input.activityId !== undefined && !visible.length) {
    throw new ForbiddenError(`No access to activity ${input.activityId}`, 'ACCOUNT_NO_ACCESS', {
      accountId: activities[0]?.AccountId ?? 0,
    });
  }
  visible.sort((a, b) => a.ID - b.ID);
  return { asked, currency, accounts, visible, read: visible.slice(0, REPORT_MAX_ACTIVITIES), inAskedAccount };
}
