import { ConflictError, ForbiddenError, NotFoundError, ValidationError, type AppError } from '../../core/errors';
import type { Account } from '../tenancy';
import type { Activity } from '../activities';
import type { PlanWriteGuards } from './store';

/**
 * The rules every plan write obeys about its activity and accounts (a line on either save path, a
 * version, Submit, Approve, Reject, a client's answer, a template), as pure functions: the domain
 * applies them to what it read, and hands the facts it decided on to the store
 * (`planWriteGuards` → PlanWriteGuards), which re-checks them when the write commits and names the
 * fact that changed meanwhile. When one did, the same rules, applied to a fresh read, say why
 * (scope.ts explainActivity).
 */

/** Dates a plan write needs the activity to run around, and the input field they come from (named by the 400). */
export interface DatesToCover {
  start: string;
  end: string;
  field: string;
}

/**
 * Why the activity does not allow a plan write from the page's account, or undefined when it does:
 * it must exist (404), belong to the page (its main account, or the sub-account it is booked on:
 * 403), not be deleted (409), and run around `dates` when given (400 naming the field and the side
 * that sticks out). The activity's status does not matter: a Completed flight's plan stays editable.
 */
export function activityRefusal(
  a: Pick<Activity, 'AccountId' | 'SubAccountId' | 'Archived' | 'StartDate' | 'EndDate'> | undefined,
  activityId: number,
  scopeAccountId: number,
  dates?: DatesToCover,
): AppError | undefined {
  if (!a)
    return new NotFoundError(`Activity ${activityId} was not found`, 'NOT_FOUND', {
      entity: 'Activity',
      id: activityId,
    });
  if (a.AccountId !== scopeAccountId && a.SubAccountId !== scopeAccountId) {
    return new ForbiddenError(`Activity ${activityId} is not part of account ${scopeAccountId}`, 'NOT_IN_ACCOUNT', {
      entity: 'Activity',
      id: activityId,
      accountId: scopeAccountId,
    });
  }
  if (a.Archived)
    return new ConflictError(
      `Activity ${activityId} is deleted; restore it before changing its media plan`,
      'ACTIVITY_DELETED',
      { activityId },
    );
  if (dates && (dates.start < a.StartDate || dates.end > a.EndDate)) {
    const field = dates.start < a.StartDate ? 'StartDate' : 'EndDate';
    return new ValidationError(
      `${dates.field}.${field}: the line runs ${dates.start} to ${dates.end}, outside the activity's dates ${a.StartDate} to ${a.EndDate}`,
      'LINE_OUTSIDE_ACTIVITY',
      {
        field: `${dates.field}.${field}`,
        start: dates.start,
        end: dates.end,
        activityStart: a.StartDate,
        activityEnd: a.EndDate,
      },
    );
  }
  return undefined;
}

export const archivedAccountMessage = (a: Pick<Account, 'Name' | 'ParentId'>) =>
  `${a.ParentId === null ? 'Account' : 'Sub-account'} '${a.Name}' is archived; restore it to change its plans`;

export const archivedAccountError = (a: Pick<Account, 'Name' | 'ParentId'>) =>
  new ConflictError(archivedAccountMessage(a), 'ACCOUNT_ARCHIVED', { account: a.Name });

/**
 * An archived account's plans are frozen: the 409 naming the first of the plan's
 * accounts (its main account, then the sub-account it is booked on) that is not Active.
 */
export function accountRefusal(
  accounts: readonly Pick<Account, 'Name' | 'ParentId' | 'Status'>[],
): ConflictError | undefined {
  const archived = accounts.find((a) => a.Status !== 'Active');
  return archived && archivedAccountError(archived);
}

/** What a plan write read about where the plan lives: its activity and its accounts (main first). */
export interface PlanAccounts {
  activity: Activity;
  accounts: Account[];
}

/**
 * Applies the rules to what was read (throws the refusal) and returns the facts the write relies
 * on, for the store to re-check at commit: the activity as read (not deleted, its main account and
 * the sub-account it is booked on, around `dates`) and every plan account Active.
 */
export function planWriteGuards(read: PlanAccounts, scopeAccountId: number, dates?: DatesToCover): PlanWriteGuards {
  const { activity } = read;
  const refused = accountRefusal(read.accounts) ?? activityRefusal(activity, activity.ID, scopeAccountId, dates);
  if (refused) throw refused;
  return {
    activity: {
      activityId: activity.ID,
      mainAccountId: activity.AccountId,
      bookedOn: activity.SubAccountId,
      ...(dates ? { covers: { start: dates.start, end: dates.end } } : {}),
    },
    activeAccounts: read.accounts.map((a) => a.ID),
  };
}
