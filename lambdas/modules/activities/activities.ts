import type { output } from 'zod/mini';
import {
  ConflictError,
  ForbiddenError,
  moneyInputError,
  NotFoundError,
  STALE_VERSION_MESSAGE,
  ValidationError,
} from '../../core/errors';
import { getAccounts } from '../tenancy';
import type { AccountTotalsChange, Activity, ActivityFilter, OpenPlanCondition, TotalsDelta } from './store';
import { getActivity, listActivitiesOfMain, writeActivity } from './store.dynamodb';
import type { AuditAction } from '../audit';
import { nextId } from '../../aws/dynamodb/counters';
import type { UserProfile } from '../tenancy';
import type { getActivitiesList, saveActivity, setActivityStatus } from './schemas';
import { ActivityStatus, ANY_ACTIVITY_STATUS, canMoveActivity } from '../../shared/activity-status';
import { MoneyInputError, toMinor } from '../../shared/money';
import { loadAccountInScope } from '../tenancy';
import { loadActiveBooking, loadBooking, requireActive, type Booking } from './booking';
import type { ActivitiesPage, ActivityView } from './replies';

/**
 * ActivitiesService: campaign flights of a main account or of one of its sub-accounts.
 *
 * Scope: every route is account-scoped; x-account-id is the page's main account (or a sub-account
 * page). An activity belongs to the page when its AccountId (always the main account) or its
 * SubAccountId is the page's account: a main-account page sees its own and its sub-accounts'
 * flights, a sub-account page only that sub-account's. Another account's activity id answers 403,
 * another company's 404 (the Get is keyed by the caller's company).
 *
 * Totals: each write ADDs the activity's change of (count, planned budget) to the account items it
 * counts in — the main account always, and the sub-account it is booked on — in the same
 * transaction, so GetAccountsList reads them off the account items with no extra call (see
 * modules/accounts/account-activities.ts and docs/table-design.md).
 *
 * Frozen accounts: an archived main account or sub-account must be restored before its activities
 * change (create, edit, status, delete, restore), as an archived account cannot be edited either.
 */

export const DEFAULT_PAGE_SIZE = 50;

export const STATUS_NAMES: Record<ActivityStatus, string> = {
  [ActivityStatus.Draft]: 'Draft',
  [ActivityStatus.Planned]: 'Planned',
  [ActivityStatus.Live]: 'Live',
  [ActivityStatus.Completed]: 'Completed',
  [ActivityStatus.Cancelled]: 'Cancelled',
};

/** An activity as the API returns it (modules/activities/replies.ts): without BudgetMinor, with its sub-account's name. */
export type { ActivitiesPage, ActivityView };

/**
 * What the activity rules need of the activity's media plan. The media plans module gives it (its
 * `activityPlans`); the activity handlers pass it in, so activities never import the plans that
 * import them.
 */
export interface ActivityPlans {
  /** New dates keep the open plan version's lines inside them (else 409); the conditions the write must hold. */
  keepsLinesInside(
    companyId: number,
    after: Pick<Activity, 'ID' | 'StartDate' | 'EndDate'>,
  ): Promise<OpenPlanCondition>;
  /** A deleted activity's open plan version stops taking one-write line changes. */
  lockOpenVersion(companyId: number, activityId: number): Promise<void>;
}

function view(a: Activity, subAccountNames: Map<number, string>): ActivityView {
  const { BudgetMinor: _minor, ...rest } = a;
  return { ...rest, SubAccountName: a.SubAccountId === null ? null : (subAccountNames.get(a.SubAccountId) ?? null) };
}

async function subAccountNames(companyId: number, activities: Activity[]): Promise<Map<number, string>> {
  const ids = [...new Set(activities.map((a) => a.SubAccountId).filter((id): id is number => id !== null))];
  if (!ids.length) return new Map();
  return new Map((await getAccounts(companyId, ids)).map((s) => [s.ID, s.Name]));
}

const inScope = (scopeAccountId: number, a: Pick<Activity, 'AccountId' | 'SubAccountId'>) =>
  a.AccountId === scopeAccountId || (a.SubAccountId !== null && a.SubAccountId === scopeAccountId);

/** An activity of the caller's company that belongs to the page's account (or one of its sub-accounts). */
async function loadActivityInScope(
  caller: UserProfile,
  scopeAccountId: number,
  activityId: number,
  consistent = false,
): Promise<Activity> {
  const a = await getActivity(caller.companyId, activityId, consistent);
  if (!a)
    throw new NotFoundError(`Activity ${activityId} was not found`, 'NOT_FOUND', {
      entity: 'Activity',
      id: activityId,
    });
  if (!inScope(scopeAccountId, a))
    throw new ForbiddenError(`Activity ${activityId} is not part of account ${scopeAccountId}`, 'NOT_IN_ACCOUNT', {
      entity: 'Activity',
      id: activityId,
      accountId: scopeAccountId,
    });
  return a;
}

/** GetActivitiesList: a main account's flights and its sub-accounts' (with SubAccountName), or one sub-account's. */
export async function listActivities(
  caller: UserProfile,
  input: output<typeof getActivitiesList>,
  scopeAccountId: number,
): Promise<ActivitiesPage> {
  if (input.fromDate && input.toDate && input.fromDate > input.toDate) {
    throw new ValidationError('toDate: must be on or after fromDate', 'DATE_RANGE_INVALID', {
      field: 'toDate',
      start: 'fromDate',
    });
  }
  const account = await loadAccountInScope(caller, scopeAccountId, input.accountId);
  const mainId = account.ParentId ?? account.ID;
  const filter: ActivityFilter = {
    fromDate: input.fromDate || undefined,
    toDate: input.toDate || undefined,
    status: input.activityStatus === ANY_ACTIVITY_STATUS ? undefined : (input.activityStatus as ActivityStatus),
    subAccountId: account.ParentId === null ? undefined : account.ID,
  };
  const companyId = caller.companyId;
  const page = await listActivitiesOfMain(
    companyId,
    mainId,
    filter,
    input.pageSize ?? DEFAULT_PAGE_SIZE,
    input.archived,
    input.nextToken,
  );
  const names = await subAccountNames(companyId, page.items);
  return { Items: page.items.map((a) => view(a, names)), NextToken: page.nextToken };
}

export async function getActivityInfo(
  caller: UserProfile,
  scopeAccountId: number,
  activityId: number,
): Promise<ActivityView> {
  const a = await loadActivityInScope(caller, scopeAccountId, activityId);
  return view(a, await subAccountNames(caller.companyId, [a]));
}

/** What an activity adds to the totals of the accounts it counts in: nothing when archived, no budget when cancelled. */
export function contribution(a: Activity | undefined): TotalsDelta {
  if (!a || a.Archived) return { count: 0, budgetMinor: 0 };
  return { count: 1, budgetMinor: a.Status === ActivityStatus.Cancelled ? 0 : a.BudgetMinor };
}

/**
 * The ADDs one change makes: the main account gets after − before; a sub-account gets −before when
 * the activity leaves it and +after when it is (still) booked on it. Every account the activity is
 * booked on after the change must still be Active at commit time.
 */
export function totalsChanges(before: Activity | undefined, after: Activity): AccountTotalsChange[] {
  const b = contribution(before);
  const c = contribution(after);
  const changes = new Map<number, AccountTotalsChange>();
  const add = (accountId: number, sign: 1 | -1, d: TotalsDelta, requireActive: boolean) => {
    const t = changes.get(accountId) ?? {
      accountId,
      count: 0,
      budgetMinor: 0,
      requireActive: false,
      conflict: new ConflictError(
        `Account ${accountId} was archived meanwhile; restore it before changing its activities`,
        'ACCOUNT_ARCHIVED',
        { account: accountId },
      ),
    };
    t.count += sign * d.count;
    t.budgetMinor += sign * d.budgetMinor;
    t.requireActive ||= requireActive;
    changes.set(accountId, t);
  };
  add(after.AccountId, 1, c, true);
  add(after.AccountId, -1, b, true);
  if (before?.SubAccountId) add(before.SubAccountId, -1, b, false);
  if (after.SubAccountId) add(after.SubAccountId, 1, c, true);
  return [...changes.values()];
}

function budgetMinor(budget: number): number {
  try {
    return toMinor(budget, 'activity.Budget');
  } catch (err) {
    if (err instanceof MoneyInputError) throw moneyInputError(err);
    throw err;
  }
}

async function write(
  caller: UserProfile,
  before: Activity | undefined,
  after: Activity,
  action: AuditAction,
  booking: Booking,
  openPlan?: OpenPlanCondition,
): Promise<ActivityView> {
  await writeActivity(caller.companyId, before, after, action, totalsChanges(before, after), openPlan);
  return view(after, new Map(booking.sub ? [[booking.sub.ID, booking.sub.Name]] : []));
}

type SaveInput = output<typeof saveActivity>;

/** SaveActivity: ID ≤ 0 creates a Draft; ID > 0 updates the version the caller read (status unchanged). */
export async function saveActivityFor(
  caller: UserProfile,
  input: SaveInput,
  scopeAccountId: number,
  plans: ActivityPlans,
): Promise<ActivityView> {
  const a = input.activity;
  const now = new Date().toISOString();
  if (a.ID <= 0) {
    const booking = await loadBooking(caller, scopeAccountId, a.AccountId, a.SubAccountId);
    requireActive(booking);
    const minor = budgetMinor(a.Budget);
    const activity: Activity = {
      ID: await nextId(caller.companyId, 'Activity'),
      AccountId: a.AccountId,
      SubAccountId: a.SubAccountId,
      Name: a.Name,
      Objective: a.Objective,
      StartDate: a.StartDate,
      EndDate: a.EndDate,
      Budget: a.Budget,
      BudgetMinor: minor,
      Status: ActivityStatus.Draft,
      Archived: false,
      version: 1,
      createdAt: now,
      createdBy: caller.email,
      updatedAt: now,
      updatedBy: caller.email,
    };
    return write(caller, undefined, activity, 'create', booking);
  }

  if (a.version === undefined)
    throw new ValidationError(
      'activity.version: is required when updating (send the version you read)',
      'FIELD_REQUIRED',
      { field: 'activity.version' },
    );
  const before = await loadActivityInScope(caller, scopeAccountId, a.ID, true);
  if (before.Archived)
    throw new ConflictError(`Activity ${before.ID} is deleted; restore it before editing`, 'ACTIVITY_DELETED', {
      activityId: before.ID,
    });
  if (before.version !== a.version) throw new ConflictError(STALE_VERSION_MESSAGE, 'STALE_VERSION');
  if (a.AccountId !== before.AccountId)
    throw new ValidationError(
      'activity.AccountId: an activity cannot move to another main account',
      'FIELD_CANNOT_CHANGE',
      { field: 'activity.AccountId' },
    );
  const booking = await loadBooking(caller, scopeAccountId, a.AccountId, a.SubAccountId);
  requireActive(booking);
  const after: Activity = {
    ...before,
    SubAccountId: a.SubAccountId,
    Name: a.Name,
    Objective: a.Objective,
    StartDate: a.StartDate,
    EndDate: a.EndDate,
    Budget: a.Budget,
    BudgetMinor: budgetMinor(a.Budget),
    version: before.version + 1,
    updatedAt: now,
    updatedBy: caller.email,
  };
  // New dates must keep the open plan version's lines inside them (409 naming those that would not).
  const moved = after.StartDate !== before.StartDate || after.EndDate !== before.EndDate;
  const openPlan = moved ? await plans.keepsLinesInside(caller.companyId, after) : undefined;
  return write(caller, before, after, 'update', booking, openPlan);
}

/** SetActivityStatus: one step along the lifecycle (shared/activity-status.ts), from the version the caller read. */
export async function setActivityStatusFor(
  caller: UserProfile,
  input: output<typeof setActivityStatus>,
  scopeAccountId: number,
): Promise<ActivityView> {
  const before = await loadActivityInScope(caller, scopeAccountId, input.activityId, true);
  if (before.Archived)
    throw new ConflictError(
      `Activity ${before.ID} is deleted; restore it before changing its status`,
      'ACTIVITY_DELETED',
      { activityId: before.ID },
    );
  if (before.version !== input.version) throw new ConflictError(STALE_VERSION_MESSAGE, 'STALE_VERSION');
  const to = input.status as ActivityStatus;
  if (!canMoveActivity(before.Status, to)) {
    throw new ConflictError(
      `Cannot move an activity from ${STATUS_NAMES[before.Status]} to ${STATUS_NAMES[to]}`,
      'ACTIVITY_STATUS_MOVE',
      { fromStatus: before.Status, toStatus: to },
    );
  }
  const booking = await loadActiveBooking(caller, before);
  const after: Activity = {
    ...before,
    Status: to,
    version: before.version + 1,
    updatedAt: new Date().toISOString(),
    updatedBy: caller.email,
  };
  return write(caller, before, after, 'update', booking);
}

/** DeleteActivity archives (out of lists and totals; RestoreActivity brings it back); RestoreActivity undoes it. */
export async function setActivityArchived(
  caller: UserProfile,
  scopeAccountId: number,
  activityId: number,
  archived: boolean,
  plans: ActivityPlans,
): Promise<ActivityView> {
  const before = await loadActivityInScope(caller, scopeAccountId, activityId, true);
  const booking = await loadActiveBooking(caller, before);
  if (before.Archived === archived)
    return view(before, new Map(booking.sub ? [[booking.sub.ID, booking.sub.Name]] : []));
  const after: Activity = {
    ...before,
    Archived: archived,
    version: before.version + 1,
    updatedAt: new Date().toISOString(),
    updatedBy: caller.email,
  };
  const saved = await write(caller, before, after, archived ? 'archive' : 'restore', booking);
  // A deleted activity's open plan stops taking one-write line changes: its lines then change on the
  // full path only, which refuses them while the activity is deleted (media-plans/lines.ts).
  if (archived) await plans.lockOpenVersion(caller.companyId, activityId);
  return saved;
}
