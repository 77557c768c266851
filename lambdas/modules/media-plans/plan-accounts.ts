import { ConflictError, NotFoundError } from '../../core/errors';
import type { Account } from '../tenancy';
import { activityTotalsOfMain, getActivity, type Activity } from '../activities';
import type { PlanReads } from './store';
import { planStore } from './store.dynamodb';
import { ActivityStatus } from '../../shared/activity-status';
import { accountRefusal, type PlanAccounts } from './write-rules';

/**
 * An archived account's plans are frozen, like its activities: every plan write — a
 * line on either save path, a version, Submit, Approve, Reject, a client's answer, a template —
 * answers 409 until the account is restored. "The account" is the activity's main account and the
 * sub-account it is booked on (a main account is archived only once its sub-accounts are, so a
 * sub-account under an archived main account is archived itself).
 *
 * Two halves, like DeleteActivity's (docs/media-plans.md "Archived accounts"):
 * - every write of the full path reads the accounts first (`readPlanAccounts`: 409 naming the
 *   archived one) and hands them to the store, which re-checks each is still Active at commit
 *   (write-rules.ts planWriteGuards; AccountArchived otherwise);
 * - archiving an account takes the one-write mark off the lines of its open versions
 *   (`lockPlansOfAccount`): the one-write condition then fails and the full path says why. Restoring
 *   does not put it back: the first change of each line after a restore takes the full path, which
 *   marks the line again (its transaction checked the version is a Draft and the accounts Active).
 */

/** The accounts a plan lives under, read consistently: its main account and, when booked on one, its sub-account. */
async function accountsOf(
  store: PlanReads,
  companyId: number,
  activity: Pick<Activity, 'AccountId' | 'SubAccountId'>,
): Promise<Account[]> {
  const [main, sub] = await Promise.all([
    store.account(companyId, activity.AccountId, true),
    activity.SubAccountId === null ? undefined : store.account(companyId, activity.SubAccountId, true),
  ]);
  if (!main)
    throw new NotFoundError(`Account ${activity.AccountId} was not found`, 'NOT_FOUND', {
      entity: 'Account',
      id: activity.AccountId,
    });
  return sub ? [main, sub] : [main];
}

/** Reads the plan's activity and accounts (consistently); 409 naming the account when one is archived. */
export async function readPlanAccounts(
  companyId: number,
  activityId: number,
  store: PlanReads = planStore,
): Promise<PlanAccounts> {
  const activity = await store.activity(companyId, activityId, true);
  if (!activity)
    throw new NotFoundError(`Activity ${activityId} was not found`, 'NOT_FOUND', {
      entity: 'Activity',
      id: activityId,
    });
  const accounts = await accountsOf(store, companyId, activity);
  const refused = accountRefusal(accounts);
  if (refused) throw refused;
  return { activity, accounts };
}

/**
 * After an account is archived: the lines of the open (Draft) versions of its activities — all of a
 * main account's, or those booked on the sub-account — stop taking one-write changes. Deleted
 * activities' plans were locked when they were deleted. Returns how many versions it locked.
 */
export async function lockPlansOfAccount(
  companyId: number,
  account: Pick<Account, 'ID' | 'ParentId'>,
): Promise<number> {
  const mainId = account.ParentId ?? account.ID;
  const activities = (await activityTotalsOfMain(companyId, mainId, {})).filter(
    (a) => account.ParentId === null || a.SubAccountId === account.ID,
  );
  let locked = 0;
  for (const a of activities) {
    const plan = await planStore.plan(companyId, a.ID, true);
    if (plan?.OpenMixId) {
      await planStore.lockLines(companyId, plan.OpenMixId);
      locked++;
    }
  }
  return locked;
}

/**
 * A plan's figures are in its main account's currency, unconverted: changing the currency under a
 * plan in flight would relabel them ($ for ₪). So UpdateAccount refuses a currency change while the
 * main account (or one of its sub-accounts) has non-cancelled, non-deleted activities with a media
 * plan: 409 naming them (the first ten). A sub-account's own currency is not what its
 * plans use (they use the main account's), so it may change.
 */
export async function requireNoPlansForCurrency(
  companyId: number,
  account: Pick<Account, 'ID' | 'ParentId'>,
): Promise<void> {
  if (account.ParentId !== null) return;
  const live = (await activityTotalsOfMain(companyId, account.ID, {})).filter(
    (a) => a.Status !== ActivityStatus.Cancelled,
  );
  const planned = (
    await Promise.all(live.map(async (a) => ((await planStore.plan(companyId, a.ID)) ? a.ID : undefined)))
  ).filter((id): id is number => id !== undefined);
  if (!planned.length) return;
  const named = await Promise.all(
    planned.slice(0, 10).map(async (id) => `'${(await getActivity(companyId, id))?.Name ?? id}' (${id})`),
  );
  throw new ConflictError(
    `account.Currency: cannot change while ${planned.length === 1 ? 'an activity has' : `${planned.length} activities have`} media plans in the current currency: ` +
      `${named.join(', ')}${planned.length > 10 ? ` and ${planned.length - 10} more` : ''}; their figures would be relabelled without conversion. Cancel those activities, or create a new account in the other currency`,
    'CURRENCY_CHANGE_WITH_PLANS',
    { count: planned.length, activities: named.join(', ') },
  );
}
