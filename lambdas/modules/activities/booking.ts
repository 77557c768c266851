import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../core/errors';
import { getAccount, maySeeAccount, type Account, type UserProfile } from '../tenancy';
import type { Activity } from './store';

/** The accounts an activity is booked on (its main account and sub-account), read and checked before a write. */

export interface Booking {
  main: Account;
  sub: Account | null;
}

/**
 * The accounts a saved activity is booked on, checked: AccountId is the page's main account (or
 * the page is SubAccountId's), a main account the caller may see; SubAccountId a sub-account of it.
 */
export async function loadBooking(
  caller: UserProfile,
  scopeAccountId: number,
  accountId: number,
  subAccountId: number | null,
): Promise<Booking> {
  if (scopeAccountId !== accountId && scopeAccountId !== subAccountId) {
    throw new ForbiddenError(
      `activity.AccountId: account ${accountId} is not the account of the page (${scopeAccountId})`,
      'NOT_PAGE_ACCOUNT',
      { field: 'activity.AccountId' },
    );
  }
  const [main, sub] = await Promise.all([
    getAccount(caller.companyId, accountId, true),
    subAccountId === null ? undefined : getAccount(caller.companyId, subAccountId, true),
  ]);
  if (!main || !maySeeAccount(caller, main))
    throw new NotFoundError(`Account ${accountId} was not found`, 'NOT_FOUND', { entity: 'Account', id: accountId });
  if (main.ParentId !== null) {
    throw new ValidationError(
      `activity.AccountId: account ${main.ID} is a sub-account; send its main account ${main.ParentId} as AccountId and ${main.ID} as SubAccountId`,
      'ACCOUNT_IS_SUBACCOUNT',
      { field: 'activity.AccountId', accountId: main.ID },
    );
  }
  if (subAccountId !== null && (!sub || sub.ParentId !== main.ID)) {
    throw new ValidationError(
      `activity.SubAccountId: account ${subAccountId} is not a sub-account of account ${main.ID}`,
      'NOT_A_SUBACCOUNT',
      { field: 'activity.SubAccountId', accountId: subAccountId, mainId: main.ID },
    );
  }
  return { main, sub: sub ?? null };
}

/** Activities of an archived account are frozen until it is restored. */
export function requireActive({ main, sub }: Booking): void {
  if (main.Status !== 'Active')
    throw new ConflictError(
      `Account ${main.ID} is archived; restore it before changing its activities`,
      'ACCOUNT_ARCHIVED',
      { account: main.Name },
    );
  if (sub && sub.Status !== 'Active')
    throw new ConflictError(
      `Sub-account ${sub.ID} is archived; restore it before changing its activities`,
      'ACCOUNT_ARCHIVED',
      { account: sub.Name },
    );
}

/** The accounts an existing activity is booked on, both Active (else 409). */
export async function loadActiveBooking(
  caller: UserProfile,
  a: Pick<Activity, 'AccountId' | 'SubAccountId'>,
): Promise<Booking> {
  const [main, sub] = await Promise.all([
    getAccount(caller.companyId, a.AccountId, true),
    a.SubAccountId === null ? undefined : getAccount(caller.companyId, a.SubAccountId, true),
  ]);
  if (!main)
    throw new NotFoundError(`Account ${a.AccountId} was not found`, 'NOT_FOUND', {
      entity: 'Account',
      id: a.AccountId,
    });
  const booking = { main, sub: sub ?? null };
  requireActive(booking);
  return booking;
}
