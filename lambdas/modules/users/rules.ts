import { grants, Permission } from '../../shared/permissions';

/**
 * Who may give whom what, as pure functions over plain values: no store, no clock,
 * so test/users/user-rules.test.ts holds them as a table. user-checks.ts asks `refusalOfChange`
 * before every invite, edit and status change, and throws the refusal's code.
 *
 * - Only someone who holds a permission grants it (Admin holds them all); isSystemAdmin is set by
 *   system administrators only.
 * - Nobody raises their own permissions or account access, nor disables themselves.
 * - A user who holds what the caller does not (a permission, system administration, accounts the
 *   caller cannot see) is managed only by someone who holds it too: a settings manager cannot
 *   demote or disable the company's Admin.
 * - Account access is granted only within the caller's own ('all' only by a caller who sees all).
 * - The company keeps at least one active Admin: the last one is never disabled or demoted.
 */
export interface Grant {
  permissions: readonly Permission[];
  accountAccess: 'all' | readonly number[];
  isSystemAdmin: boolean;
  status: 'active' | 'disabled';
}

export interface Actor extends Grant {
  sub: string;
}

export interface Target extends Grant {
  sub: string;
}

export type UserRuleRefusal =
  | { code: 'USER_OUTRANKS'; permission: string }
  | { code: 'CANNOT_GRANT'; permission: string }
  | { code: 'CANNOT_GRANT_ACCOUNT'; accountId: number | 'all' }
  | { code: 'CANNOT_RAISE_OWN' }
  | { code: 'CANNOT_DISABLE_SELF' }
  | { code: 'LAST_ADMIN' };

/** Nothing granted: what an invitation starts from. */
export const NO_GRANT: Grant = { permissions: [], accountAccess: [], isSystemAdmin: false, status: 'active' };

const isActiveAdmin = (g: Grant) => g.status === 'active' && g.permissions.includes(Permission.Admin);

/** Accounts of `wanted` that `held` does not cover ('all' for the whole company). */
function accountsBeyond(held: Grant['accountAccess'], wanted: Grant['accountAccess']): number | 'all' | null {
  if (held === 'all') return null;
  if (wanted === 'all') return 'all';
  return wanted.find((id) => !held.includes(id)) ?? null;
}

/** Permissions of `wanted` that `held` does not grant. */
const permissionsBeyond = (held: readonly Permission[], wanted: readonly Permission[]) =>
  wanted.filter((p) => !grants(held, p));

/**
 * Whether `actor` may turn `target` (null: a new user, invited) into `after`. `otherActiveAdmins`
 * counts the company's active Admins other than the target. Null when allowed.
 */
export function refusalOfChange(
  actor: Actor,
  target: Target | null,
  after: Grant,
  otherActiveAdmins: number,
): UserRuleRefusal | null {
  const before = target ?? NO_GRANT;
  const self = target !== null && target.sub === actor.sub;

  if (target && !self) {
    const outranking = permissionsBeyond(actor.permissions, target.permissions);
    if (outranking.length) return { code: 'USER_OUTRANKS', permission: Permission[outranking[0]] };
    if (target.isSystemAdmin && !actor.isSystemAdmin) return { code: 'USER_OUTRANKS', permission: 'SystemAdmin' };
    const unseen = accountsBeyond(actor.accountAccess, target.accountAccess);
    if (unseen !== null) return { code: 'CANNOT_GRANT_ACCOUNT', accountId: unseen };
  }
  if (after.isSystemAdmin !== before.isSystemAdmin && !actor.isSystemAdmin)
    return { code: 'CANNOT_GRANT', permission: 'SystemAdmin' };
  if (self) {
    if (after.status === 'disabled' && before.status !== 'disabled') return { code: 'CANNOT_DISABLE_SELF' };
    if (permissionsBeyond(before.permissions, after.permissions).length) return { code: 'CANNOT_RAISE_OWN' };
    if (accountsBeyond(before.accountAccess, after.accountAccess) !== null) return { code: 'CANNOT_RAISE_OWN' };
  }
  const granted = permissionsBeyond(before.permissions, after.permissions);
  const notHeld = permissionsBeyond(actor.permissions, granted);
  if (notHeld.length) return { code: 'CANNOT_GRANT', permission: Permission[notHeld[0]] };
  const newAccounts =
    after.accountAccess === 'all'
      ? before.accountAccess === 'all'
        ? []
        : ('all' as const)
      : after.accountAccess.filter((id) => before.accountAccess !== 'all' && !before.accountAccess.includes(id));
  const unseen = accountsBeyond(actor.accountAccess, newAccounts);
  if (unseen !== null) return { code: 'CANNOT_GRANT_ACCOUNT', accountId: unseen };
  if (target && isActiveAdmin(target) && !isActiveAdmin(after) && otherActiveAdmins === 0)
    return { code: 'LAST_ADMIN' };
  return null;
}

/** A permission list as stored: each once, None left out, in number order. */
export const normalisePermissions = (list: readonly number[]): Permission[] =>
  [...new Set(list)]
    .filter((p) => p !== Permission.None && Permission[p] !== undefined)
    .sort((a, b) => a - b) as Permission[];

/** Account ids as stored: each once, in number order. */
export const normaliseAccess = (access: 'all' | readonly number[]): 'all' | number[] =>
  access === 'all' ? 'all' : [...new Set(access)].sort((a, b) => a - b);
