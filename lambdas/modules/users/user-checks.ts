import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../core/errors';
import { getAccounts, getProfile, type UserProfile } from '../tenancy';
import { allUsersOf } from './store.dynamodb';
import { Permission } from '../../shared/permissions';
import { refusalOfChange, type Grant, type UserRuleRefusal } from './rules';

/**
 * The checks every user change shares: the user is the caller's company's, the rules (rules.ts)
 * allow the change, and the accounts it grants are the company's main accounts.
 */
type Caller = UserProfile;

export async function loadUser(caller: Caller, sub: string): Promise<UserProfile> {
  const user = await getProfile(caller.companyId, sub);
  if (!user) throw new NotFoundError(`User ${sub} was not found`, 'NOT_FOUND', { entity: 'User', id: sub });
  return user;
}

/** A refusal of the rules as the API's error. */
function refuse(r: UserRuleRefusal): Error {
  switch (r.code) {
    case 'USER_OUTRANKS':
      return new ForbiddenError(
        `This user holds ${r.permission}, which you do not: only someone who holds it manages them`,
        'USER_OUTRANKS',
        { permission: r.permission },
      );
    case 'CANNOT_GRANT':
      return new ForbiddenError(`You cannot grant ${r.permission}: you do not hold it`, 'CANNOT_GRANT', {
        permission: r.permission,
      });
    case 'CANNOT_GRANT_ACCOUNT':
      return new ForbiddenError(
        `You cannot grant access to ${r.accountId === 'all' ? 'all accounts' : `account ${r.accountId}`}: you do not have it`,
        'CANNOT_GRANT_ACCOUNT',
        { accountId: r.accountId },
      );
    case 'CANNOT_RAISE_OWN':
      return new ForbiddenError('You cannot raise your own permissions or account access', 'CANNOT_RAISE_OWN');
    case 'CANNOT_DISABLE_SELF':
      return new ConflictError('You cannot disable yourself', 'CANNOT_DISABLE_SELF');
    case 'LAST_ADMIN':
      return new ConflictError("This is the company's last active Admin: make someone else Admin first", 'LAST_ADMIN');
  }
}

export const grantOf = (p: Pick<UserProfile, 'permissions' | 'accountAccess' | 'isSystemAdmin' | 'status'>): Grant => ({
  permissions: p.permissions,
  accountAccess: p.accountAccess,
  isSystemAdmin: p.isSystemAdmin,
  status: p.status,
});

/** The company's active Admins other than `sub`. */
async function otherActiveAdmins(companyId: number, sub: string): Promise<UserProfile[]> {
  return (await allUsersOf(companyId)).filter(
    (u) => u.sub !== sub && u.status === 'active' && u.permissions.includes(Permission.Admin),
  );
}

/** Checks the rules for `target` (null: an invitation) becoming `after`; answers an Admin the change relies on, if any. */
export async function checkChange(
  caller: Caller,
  target: UserProfile | null,
  after: Grant,
): Promise<UserProfile | undefined> {
  const losesAdmin =
    target !== null &&
    target.status === 'active' &&
    target.permissions.includes(Permission.Admin) &&
    !(after.status === 'active' && after.permissions.includes(Permission.Admin));
  const others = losesAdmin ? await otherActiveAdmins(caller.companyId, target.sub) : [];
  const refusal = refusalOfChange(caller, target, after, others.length);
  if (refusal) throw refuse(refusal);
  return others[0];
}

/** Account access names main accounts of the caller's company only (another company's id: 404, as any unknown id). */
export async function checkAccounts(caller: Caller, access: 'all' | number[]): Promise<void> {
  if (access === 'all' || !access.length) return;
  const found = await getAccounts(caller.companyId, access);
  for (const id of access) {
    const account = found.find((a) => a.ID === id);
    if (!account) throw new NotFoundError(`Account ${id} was not found`, 'NOT_FOUND', { entity: 'Account', id });
    if (account.ParentId)
      throw new ValidationError(
        `accountAccess: account ${id} is a sub-account; give access to its main account`,
        'ACCOUNT_IS_SUBACCOUNT',
        { field: 'accountAccess', accountId: id },
      );
  }
}
