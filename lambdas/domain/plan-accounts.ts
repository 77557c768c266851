import { ConflictError, NotFoundError } from '../kit/errors';
import { getAccount, type Account } from '../repositories/accounts';
import { activityTotalsOfMain, getActivity, type Activity } from '../repositories/activities';
import { accountActiveGuard, getMixPlan } from '../repositories/media-mixes';
import { lockPlanLines } from '../repositories/plan-line-writes';
import type { TransactItem } from '../repositories/transaction';
import { ActivityStatus } from '../shared/activity-status';

/**
 * An archived account's plans are frozen (issue 8 §4), like its activities: every plan write — a
 * line on either save path, a version, Submit, Approve, Reject, a client's answer, a template —
 * answers 409 until the account is restored. "The account" is the activity's main account and the
 * sub-account it is booked on (a main account is archived only once its sub-accounts are, so a
 * sub-account under an archived main account is archived itself).
 *
 * Two halves, like DeleteActivity's (docs/media-plans.md "Archived accounts"):
 * - every transaction of the full path ConditionChecks each account is still Active
 *   (`planAccountGuards`), after a read that answers the 409 early with the account's name;
 * - archiving an account takes the one-write mark (`Editable`) off the lines of its open versions
 *   (`lockPlansOfAccount`): the one-write condition then fails and the full path says why. Restoring
 *   does not put it back: the first change of each line after a restore takes the full path, which
 *   marks the line again (its transaction checked the version is a Draft and the accounts Active).
 */

export const archivedAccountMessage = (a: Pick<Account, 'Name' | 'ParentId'>) =>
  `${a.ParentId === null ? 'Account' : 'Sub-account'} '${a.Name}' is archived; restore it to change its plans`;

const archivedAccountError = (a: Pick<Account, 'Name' | 'ParentId'>) => new ConflictError(archivedAccountMessage(a), 'ACCOUNT_ARCHIVED', { account: a.Name });

/** The accounts a plan lives under, read consistently: its main account and, when booked on one, its sub-account. */
async function accountsOf(companyId: number, activity: Pick<Activity, 'AccountId' | 'SubAccountId'>): Promise<Account[]> {
  const [main, sub] = await Promise.all([
    getAccount(companyId, activity.AccountId, true),
    activity.SubAccountId === null ? undefined : getAccount(companyId, activity.SubAccountId, true),
  ]);
  if (!main) throw new NotFoundError(`Account ${activity.AccountId} was not found`, 'NOT_FOUND', { entity: 'Account', id: activity.AccountId });
  return sub ? [main, sub] : [main];
}

export interface PlanAccountGuards {
  /** The activity as read (consistent). */
  activity: Activity;
  /** The sub-account the guards were read on: pass it to activityGuard as `bookedOn`. */
  bookedOn: number | null;
  /** One ConditionCheck per account (Status Active). */
  items: TransactItem[];
}

/**
 * Reads the plan's activity and accounts; 409 naming the account when one is archived; else the
 * guards that keep them Active until the write commits.
 */
export async function planAccountGuards(companyId: number, activityId: number): Promise<PlanAccountGuards> {
  const activity = await getActivity(companyId, activityId, true);
  if (!activity) throw new NotFoundError(`Activity ${activityId} was not found`, 'NOT_FOUND', { entity: 'Activity', id: activityId });
  const accounts = await accountsOf(companyId, activity);
  const archived = accounts.find((a) => a.Status !== 'Active');
  if (archived) throw archivedAccountError(archived);
  return { activity, bookedOn: activity.SubAccountId, items: accounts.map((a) => accountActiveGuard(companyId, a.ID)) };
}

/** Why a plan write failed when no other condition explains it: an account archived meanwhile, else `fallback`. */
export async function explainPlanAccounts(companyId: number, activityId: number, fallback: Error): Promise<Error> {
  const activity = await getActivity(companyId, activityId, true);
  if (!activity) return fallback;
  const archived = (await accountsOf(companyId, activity).catch(() => [])).find((a) => a.Status !== 'Active');
  return archived ? archivedAccountError(archived) : fallback;
}

/**
 * After an account is archived: the lines of the open (Draft) versions of its activities — all of a
 * main account's, or those booked on the sub-account — stop taking one-write changes. Deleted
 * activities' plans were locked when they were deleted. Returns how many versions it locked.
 */
export async function lockPlansOfAccount(companyId: number, account: Pick<Account, 'ID' | 'ParentId'>): Promise<number> {
  const mainId = account.ParentId ?? account.ID;
  const activities = (await activityTotalsOfMain(companyId, mainId, {}))
    .filter((a) => account.ParentId === null || a.SubAccountId === account.ID);
  let locked = 0;
  for (const a of activities) {
    const plan = await getMixPlan(companyId, a.ID, true);
    if (plan?.OpenMixId) {
      await lockPlanLines(companyId, plan.OpenMixId);
      locked++;
    }
  }
  return locked;
}

/**
 * A plan's figures are in its main account's currency, unconverted: changing the currency under a
 * plan in flight would relabel them ($ for ₪). So UpdateAccount refuses a currency change while the
 * main account (or one of its sub-accounts) has non-cancelled, non-deleted activities with a media
 * plan (issue 8 §8): 409 naming them (the first ten). A sub-account's own currency is not what its
 * plans use (they use the main account's), so it may change.
 */
export async function requireNoPlansForCurrency(companyId: number, account: Pick<Account, 'ID' | 'ParentId'>): Promise<void> {
  if (account.ParentId !== null) return;
  const live = (await activityTotalsOfMain(companyId, account.ID, {})).filter((a) => a.Status !== ActivityStatus.Cancelled);
  const planned = (await Promise.all(live.map(async (a) => ((await getMixPlan(companyId, a.ID)) ? a.ID : undefined))))
    .filter((id): id is number => id !== undefined);
  if (!planned.length) return;
  const named = await Promise.all(planned.slice(0, 10).map(async (id) => `'${(await getActivity(companyId, id))?.Name ?? id}' (${id})`));
  throw new ConflictError(
    `account.Currency: cannot change while ${planned.length === 1 ? 'an activity has' : `${planned.length} activities have`} media plans in the current currency: `
    + `${named.join(', ')}${planned.length > 10 ? ` and ${planned.length - 10} more` : ''}; their figures would be relabelled without conversion. Cancel those activities, or create a new account in the other currency`,
    'CURRENCY_CHANGE_WITH_PLANS', { count: planned.length, activities: named.join(', ') },
  );
}
