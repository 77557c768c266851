import type { output } from 'zod/mini';
import { staleVersion } from '../../core/errors';
import { log } from '../../core/logger';
import type { UserProfile } from '../tenancy';
import { temporaryPassword, userPoolAdminFromEnv, type UserPoolAdmin } from '../../aws/user-pool-admin';
import { saveUserChange } from './store.dynamodb';
import type { updateUser, userAction } from './schemas';
import type { PasswordReset, UserView } from './replies';
import { auditedFields, userPoolFailure } from './invites';
import { normaliseAccess, normalisePermissions } from './rules';
import type { Role } from '../../shared/permissions';
import { checkAccounts, checkChange, grantOf, loadUser } from './user-checks';
import { toUserView } from './user-view';

/**
 * The changes of an existing user (UpdateUser, DisableUser, EnableUser, the resets, sign out
 * everywhere): checked by rules.ts, then made in the user pool and in the profile (with its audit
 * entry, before → after) — the pool first for what it must do (disable, reset), the profile
 * conditional on the version read, and a failed profile write undoes what the pool can undo
 * (disable ↔ enable).
 */
type Caller = UserProfile;

const changedFields = (before: Record<string, unknown>, after: Record<string, unknown>) => {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const k of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (JSON.stringify(before[k] ?? null) !== JSON.stringify(after[k] ?? null)) {
      b[k] = before[k] ?? null;
      a[k] = after[k] ?? null;
    }
  }
  return { before: b, after: a };
};

async function loadAtVersion(caller: Caller, sub: string, version: number): Promise<UserProfile> {
  const user = await loadUser(caller, sub);
  if (user.version !== version) throw staleVersion();
  return user;
}

interface Change {
  caller: Caller;
  before: UserProfile;
  after: UserProfile;
  /** What the audit entry records besides the fields that changed (a reset's time). */
  extra?: { before: Record<string, unknown>; after: Record<string, unknown> };
  keepsAdmin?: UserProfile;
  /** Undoes the pool's part when the profile cannot be written. */
  undo?: () => Promise<void>;
}

async function commit(c: Change): Promise<UserView> {
  const diff = changedFields(
    { ...auditedFields(c.before), tokensValidAfter: c.before.tokensValidAfter },
    { ...auditedFields(c.after), tokensValidAfter: c.after.tokensValidAfter },
  );
  try {
    await saveUserChange({
      before: c.before,
      after: c.after,
      by: c.caller.email,
      at: new Date().toISOString(),
      keepsAdmin: c.keepsAdmin,
      audit: { before: { ...diff.before, ...c.extra?.before }, after: { ...diff.after, ...c.extra?.after } },
    });
  } catch (err) {
    if (c.undo)
      await c.undo().catch((e: unknown) =>
        log.error('user change: the user pool could not be set back', {
          sub: c.after.sub,
          message: (e as Error).message,
        }),
      );
    throw err;
  }
  return toUserView(c.after);
}

/** The pool's part of a change, its failures as the API's errors. */
async function inPool(run: () => Promise<void>): Promise<void> {
  try {
    await run();
  } catch (err) {
    throw userPoolFailure(err);
  }
}

export async function updateUserFor(
  caller: Caller,
  input: output<typeof updateUser>,
  pool: UserPoolAdmin = userPoolAdminFromEnv(),
): Promise<UserView> {
  const u = input.user;
  const before = await loadAtVersion(caller, u.sub, u.version);
  const after: UserProfile = {
    ...before,
    name: u.name,
    roleId: u.roleId as Role,
    permissions: normalisePermissions(u.permissions),
    accountAccess: normaliseAccess(u.accountAccess),
    isSystemAdmin: u.isSystemAdmin ?? before.isSystemAdmin,
    version: before.version + 1,
  };
  await checkAccounts(
    caller,
    after.accountAccess === 'all'
      ? 'all'
      : after.accountAccess.filter((id) => before.accountAccess === 'all' || !before.accountAccess.includes(id)),
  );
  const keepsAdmin = await checkChange(caller, before, grantOf(after));
  if (after.name !== before.name) await inPool(() => pool.updateAttributes(before.sub, { name: after.name }));
  return commit({ caller, before, after, keepsAdmin });
}

export async function disableUserFor(
  caller: Caller,
  input: output<typeof userAction>,
  pool: UserPoolAdmin = userPoolAdminFromEnv(),
): Promise<UserView> {
  const before = await loadAtVersion(caller, input.sub, input.version);
  // The disable is also a sign-out cut-off: a session begun before it stays refused after EnableUser.
  const after: UserProfile = {
    ...before,
    status: 'disabled',
    tokensValidAfter: new Date().toISOString(),
    version: before.version + 1,
  };
  const keepsAdmin = await checkChange(caller, before, grantOf(after));
  await inPool(() => pool.disableUser(before.sub));
  return commit({
    caller,
    before,
    after,
    keepsAdmin,
    undo: before.status === 'active' ? () => pool.enableUser(before.sub) : undefined,
  });
}

export async function enableUserFor(
  caller: Caller,
  input: output<typeof userAction>,
  pool: UserPoolAdmin = userPoolAdminFromEnv(),
): Promise<UserView> {
  const before = await loadAtVersion(caller, input.sub, input.version);
  const after: UserProfile = { ...before, status: 'active', version: before.version + 1 };
  await checkChange(caller, before, grantOf(after));
  await inPool(() => pool.enableUser(before.sub));
  return commit({
    caller,
    before,
    after,
    undo: before.status === 'disabled' ? () => pool.disableUser(before.sub) : undefined,
  });
}

/** Managing another user's credentials: the same "who may manage whom" as an edit that changes nothing. */
async function checkManage(caller: Caller, target: UserProfile): Promise<void> {
  await checkChange(caller, target, grantOf(target));
}

export async function resetUserPasswordFor(
  caller: Caller,
  input: output<typeof userAction>,
  pool: UserPoolAdmin = userPoolAdminFromEnv(),
): Promise<PasswordReset> {
  const before = await loadAtVersion(caller, input.sub, input.version);
  await checkManage(caller, before);
  const password = temporaryPassword();
  await inPool(() => pool.setTemporaryPassword(before.sub, password));
  const at = new Date().toISOString();
  const User = await commit({
    caller,
    before,
    after: { ...before, version: before.version + 1 },
    extra: { before: { passwordResetAt: null }, after: { passwordResetAt: at } },
  });
  return { User, TemporaryPassword: password };
}

export async function resetUserMfaFor(
  caller: Caller,
  input: output<typeof userAction>,
  pool: UserPoolAdmin = userPoolAdminFromEnv(),
): Promise<UserView> {
  const before = await loadAtVersion(caller, input.sub, input.version);
  await checkManage(caller, before);
  await inPool(() => pool.resetMfa(before.sub));
  const at = new Date().toISOString();
  return commit({
    caller,
    before,
    after: { ...before, mfaEnabled: false, version: before.version + 1 },
    extra: {
      before: { mfaResetAt: null, mfaEnabled: before.mfaEnabled === true },
      after: { mfaResetAt: at, mfaEnabled: false },
    },
  });
}

/**
 * Sign out everywhere: the user's sessions that began before now are refused by the API at once
 * (the cut-off, kit/caller.ts), and the user pool revokes their refresh tokens. The cut-off is
 * written even when the pool fails afterwards (the safe side); the pool's failure is then the answer.
 */
export async function signOutUserEverywhereFor(
  caller: Caller,
  input: output<typeof userAction>,
  pool: UserPoolAdmin = userPoolAdminFromEnv(),
): Promise<UserView> {
  const before = await loadAtVersion(caller, input.sub, input.version);
  if (before.sub !== caller.sub) await checkManage(caller, before);
  const view = await commit({
    caller,
    before,
    after: { ...before, tokensValidAfter: new Date().toISOString(), version: before.version + 1 },
  });
  await inPool(() => pool.globalSignOut(before.sub));
  return view;
}
