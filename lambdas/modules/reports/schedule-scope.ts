import { ForbiddenError, ValidationError } from '../../core/errors';
import { getAccount, type Account } from '../tenancy';
import { getActivity } from '../activities';
import type { UserProfile } from '../tenancy';
import { allUsersOf } from '../users';
import { because } from '../../shared/error-reasons';
import type { ScheduleFilters } from './replies/report-schedules';
import { maySeeAccount } from '../tenancy';

/**
 * A schedule's SCOPE — the accounts its rows can come from — and who may receive it
 * (docs/reports.md "Scheduled reports", "Scope"). Nobody is mailed rows of an account they cannot
 * open in the console: a report limited to an account (or to an activity: the account it is booked
 * on) goes to users who may see that account; a company-wide one only to users who see every account.
 * Checked for the saver and every recipient at save, and for the creator and every recipient at
 * each send.
 */
export type ScheduleScope = { kind: 'company' } | { kind: 'account'; account: Pick<Account, 'ID' | 'ParentId'> };

/** The scope of these filters; null when their account or activity is gone. */
export async function scopeOf(
  companyId: number,
  f: Pick<ScheduleFilters, 'accountId' | 'activityId'>,
): Promise<ScheduleScope | null> {
  let accountId = f.accountId;
  if (accountId === undefined && f.activityId !== undefined) {
    const a = await getActivity(companyId, f.activityId);
    if (!a) return null;
    accountId = a.SubAccountId ?? a.AccountId;
  }
  if (accountId === undefined) return { kind: 'company' };
  const account = await getAccount(companyId, accountId);
  return account ? { kind: 'account', account: { ID: account.ID, ParentId: account.ParentId } } : null;
}

/** May this user be mailed rows of this scope: active, and able to open each of its accounts. */
export function mayReceive(user: UserProfile, scope: ScheduleScope): boolean {
  if (user.status !== 'active') return false;
  return scope.kind === 'company' ? user.accountAccess === 'all' : maySeeAccount(user, scope.account);
}

/** The company's users (disabled ones too: their address is no outside address), by lower-case e-mail. */
export async function usersByEmail(companyId: number): Promise<Map<string, UserProfile>> {
  return new Map((await allUsersOf(companyId)).map((u) => [u.email.toLowerCase(), u]));
}

/** The saver may not save a scope they could not read themself. */
export function checkSaverScope(caller: UserProfile, scope: ScheduleScope): void {
  if (scope.kind === 'company' && caller.accountAccess !== 'all') {
    throw new ForbiddenError(
      'Only users with access to all accounts can schedule a report of all accounts',
      'SCHEDULE_SCOPE_NO_ACCESS',
    );
  }
}

/** Every recipient who is a user of the company must be able to read the scope: 400 naming the first who cannot. */
export function checkRecipientsScope(
  recipients: readonly string[],
  scope: ScheduleScope,
  users: ReadonlyMap<string, UserProfile>,
): void {
  recipients.forEach((address, i) => {
    const user = users.get(address.toLowerCase());
    if (!user || mayReceive(user, scope)) return;
    const field = `schedule.Recipients.${i}`;
    const detail = `${address} may not open every account this report covers`;
    throw new ValidationError(`${field}: ${detail}`, 'FIELD_INVALID', {
      field,
      detail,
      ...because('RECIPIENT_NO_ACCESS', { address }),
    });
  });
}
