import { AppError, ConflictError, ValidationError } from '../../core/errors';
import { log } from '../../core/logger';
import { getCompany, type UserProfile } from '../tenancy';
import { isLocale, type Locale } from '../../shared/locales';
import { userPoolAdminFromEnv, UserPoolError, type UserPoolAdmin } from '../../aws/user-pool-admin';
import type { Write } from '../../aws/dynamodb/transaction';
import { completeInvite, releaseInvite, reserveInvite } from './store.dynamodb';
import type { Permission, Role } from '../../shared/permissions';

/**
 * "Invite a user into a company", the one way a Mixdesk user is made: UsersService's InviteUser and
 * InviteUsersCsv call it after their rules (users.ts), and the companies screen's
 * CreateCompany calls it for a new agency's first Admin. It checks no permission: its callers do.
 *
 * Two systems, never half-made. The profile is keyed by the Cognito `sub`, which only exists once
 * the user pool has made the user, so:
 * 1. the invitation is marked in flight (`EMAIL#<email>` / `INVITE`, conditional: one at a time per
 *    address) — nothing is asked of the user pool without it;
 * 2. the user pool creates the user and mails the invitation with a temporary password
 *    (AdminCreateUser, DesiredDeliveryMediums EMAIL), in the company's language (user-pool-mail.ts).
 *    If it refuses or fails, the mark is removed
 *    and nothing exists anywhere;
 * 3. the profile, its identity pointer and the audit entry are written, and the mark removed, in one
 *    transaction. If that fails, the user pool's user is deleted again (AdminDeleteUser) and the mark
 *    removed, so nobody can sign in without a profile.
 * A process that dies between 2 and 3 leaves the mark (and a pool user without a profile, who is
 * refused by the API: no profile); the mark expires after INVITE_STALE_MS so the address can be
 * invited again once the pool's user is removed.
 */
export interface Invitation {
  email: string;
  name: string;
  roleId: Role;
  permissions: Permission[];
  accountAccess: 'all' | number[];
  isSystemAdmin: boolean;
  /**
   * The invitation mail's language and the company it names; absent, the company's (its
   * DefaultLocale and name). A new agency names its own: its company item is not written yet.
   */
  mail?: { locale: Locale; company: string };
}

/** The fields of a user that the audit entry records (before → after). */
export const auditedFields = (
  p: Pick<UserProfile, 'name' | 'roleId' | 'permissions' | 'accountAccess' | 'isSystemAdmin' | 'status'> & {
    email?: string;
  },
) => ({
  ...(p.email ? { email: p.email } : {}),
  name: p.name,
  roleId: p.roleId,
  permissions: p.permissions,
  accountAccess: p.accountAccess,
  isSystemAdmin: p.isSystemAdmin,
  status: p.status,
});

/** A refusal of the user pool as the API's error: the caller's input, a conflict, or the pool's own trouble. */
export function userPoolFailure(err: unknown, email?: string): Error {
  if (!(err instanceof UserPoolError)) return err as Error;
  if (err.code === 'UsernameExistsException' || err.code === 'AliasExistsException') {
    return new ConflictError(`${email ?? 'This e-mail'} has a user already`, 'USER_EXISTS', { email: email ?? '' });
  }
  if (err.code === 'InvalidParameterException' && email !== undefined) {
    return new ValidationError(`user.email: the user pool refused ${email}`, 'FIELD_INVALID', {
      field: 'user.email',
      detail: 'the user pool refused the address',
      reason: 'EMAIL',
    });
  }
  log.error('user pool call failed', { code: err.code, status: err.status, message: err.message });
  return new AppError(
    503,
    'The user pool did not answer; nothing was changed. Try again in a moment.',
    'USER_POOL_UNAVAILABLE',
  );
}

/** The invitation mail of a company's user: in its DefaultLocale (English when it has none), naming it. */
async function companyMail(companyId: number): Promise<{ locale: Locale; company: string }> {
  const company = await getCompany(companyId);
  return { locale: isLocale(company?.DefaultLocale) ? company.DefaultLocale : 'en', company: company?.Name ?? '' };
}

/**
 * `alsoWrite`: more writes for step 3's transaction — a new company's items (domain/companies.ts),
 * so the company is made exactly when its first Admin is, and undone with them.
 */
export async function inviteUserIntoCompany(
  companyId: number,
  invitation: Invitation,
  by: string,
  pool: UserPoolAdmin = userPoolAdminFromEnv(),
  alsoWrite: readonly Write[] = [],
): Promise<UserProfile> {
  const email = invitation.email.trim().toLowerCase();
  const mail = invitation.mail ?? (await companyMail(companyId));
  await reserveInvite(email, companyId);
  let sub: string;
  try {
    sub = await pool.createUser({ email, name: invitation.name, mail });
  } catch (err) {
    await releaseInvite(email, companyId);
    throw userPoolFailure(err, email);
  }
  const profile: UserProfile = {
    sub,
    companyId,
    email,
    name: invitation.name,
    roleId: invitation.roleId,
    permissions: invitation.permissions,
    isSystemAdmin: invitation.isSystemAdmin,
    accountAccess: invitation.accountAccess,
    status: 'active',
    createdAt: new Date().toISOString(),
    version: 1,
  };
  try {
    await completeInvite(profile, by, auditedFields(profile), alsoWrite);
  } catch (err) {
    // Undo the pool's half: nobody may sign in without a profile.
    await pool.deleteUser(sub).catch((e: unknown) =>
      log.error('invitation: the pool user could not be removed after the profile failed', {
        sub,
        message: (e as Error).message,
      }),
    );
    await releaseInvite(email, companyId).catch(() => undefined);
    throw err;
  }
  return profile;
}
