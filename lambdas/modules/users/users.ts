import type { output } from 'zod/mini';
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  PayloadTooLargeError,
  staleVersion,
  ValidationError,
} from '../../core/errors';
import { log } from '../../core/logger';
import { getAccount, getAccounts } from '../tenancy';
import { getProfile, type UserProfile } from '../tenancy';
import { temporaryPassword, userPoolAdminFromEnv, type UserPoolAdmin } from '../../aws/user-pool-admin';
import { allUsersOf, listUsers, saveUserChange, userAuditEntries } from './store';
import type { getUserInfo, getUsersList, inviteUser, inviteUsersCsv, updateUser, userAction } from './schemas';
import { inviteUserInput } from './schemas';
import type { ErrorIssue } from '../../shared/error-issues';
import { because, reasonText, type ErrorReason } from '../../shared/error-reasons';
import { Permission, Role, ROLE_PRESETS } from '../../shared/permissions';
import type {
  CsvInviteReport,
  CsvInviteRow,
  PasswordReset,
  UserChange,
  UserChangeAction,
  UserInfo,
  UsersPage,
  UserView,
} from './replies';
import { auditedFields, inviteUserIntoCompany, userPoolFailure } from './invites';
import { normaliseAccess, normalisePermissions, refusalOfChange, type Grant, type UserRuleRefusal } from './rules';

/**
 * UsersService: a company's administrators (GeneralSettings) manage its users. The
 * company is always the caller's; a user of another company is "not found". Every change is
 * checked by modules/users/rules.ts, then made in the user pool and in the profile (with its audit
 * entry, before → after) — the pool first for what it must do (disable, reset), the profile
 * conditional on the version read, and a failed profile write undoes what the pool can undo
 * (disable ↔ enable).
 */
type Caller = UserProfile;

export function toUserView(p: UserProfile): UserView {
  return {
    Sub: p.sub,
    Email: p.email,
    Name: p.name,
    RoleId: p.roleId,
    Permissions: [...p.permissions],
    AccountAccess: p.accountAccess,
    IsSystemAdmin: p.isSystemAdmin,
    Status: p.status,
    MfaEnabled: p.mfaEnabled === true,
    LastLoginAt: p.lastLoginAt ?? null,
    CreatedAt: p.createdAt,
    Invited: !p.lastLoginAt,
    TokensValidAfter: p.tokensValidAfter ?? null,
    version: p.version,
  };
}

const DEFAULT_PAGE = 50;

/** The list; with the page's account (x-account-id, checked by the kit), only the users who see it (all accounts, or its main account). */
export async function getUsersListFor(
  caller: Caller,
  input: output<typeof getUsersList>,
  accountId?: number,
): Promise<UsersPage> {
  const account = accountId === undefined ? undefined : await getAccount(caller.companyId, accountId);
  const mainId = account ? (account.ParentId ?? account.ID) : undefined;
  const page = await listUsers(
    caller.companyId,
    { search: input.search || undefined, seesAccount: mainId },
    input.pageSize ?? DEFAULT_PAGE,
    input.nextToken,
  );
  return { Items: page.items.map(toUserView), NextToken: page.nextToken };
}

async function loadUser(caller: Caller, sub: string): Promise<UserProfile> {
  const user = await getProfile(caller.companyId, sub);
  if (!user) throw new NotFoundError(`User ${sub} was not found`, 'NOT_FOUND', { entity: 'User', id: sub });
  return user;
}

/** The history's action, from what the entry changed. */
function actionOf(entryAction: string, after: Record<string, unknown>): UserChangeAction {
  if (entryAction === 'create') return 'invite';
  if (after.status === 'disabled') return 'disable';
  if (after.tokensValidAfter !== undefined) return 'signOutEverywhere';
  if (after.passwordResetAt !== undefined) return 'resetPassword';
  if (after.mfaResetAt !== undefined) return 'resetMfa';
  if (after.status === 'active' && Object.keys(after).length === 1) return 'enable';
  return 'update';
}

export async function getUserInfoFor(caller: Caller, input: output<typeof getUserInfo>): Promise<UserInfo> {
  const user = await loadUser(caller, input.sub);
  const [entries, people] = await Promise.all([
    userAuditEntries(caller.companyId, user.sub, 100),
    allUsersOf(caller.companyId),
  ]);
  const names = new Map(people.map((p) => [p.email.toLowerCase(), p.name]));
  const History: UserChange[] = entries.map((e) => {
    const before = (e.before ?? {}) as Record<string, unknown>;
    const after = (e.after ?? {}) as Record<string, unknown>;
    const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    const by = String(e.who ?? '');
    return {
      At: String(e.at),
      By: by,
      ByName: names.get(by.toLowerCase()) ?? by,
      Action: actionOf(String(e.action), after),
      Changes: fields.map((f) => ({ Field: f, Before: before[f] ?? null, After: after[f] ?? null })),
    };
  });
  return { User: toUserView(user), History };
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

const grantOf = (p: Pick<UserProfile, 'permissions' | 'accountAccess' | 'isSystemAdmin' | 'status'>): Grant => ({
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
async function checkChange(caller: Caller, target: UserProfile | null, after: Grant): Promise<UserProfile | undefined> {
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
async function checkAccounts(caller: Caller, access: 'all' | number[]): Promise<void> {
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

type InviteInput = output<typeof inviteUser>['user'];

async function checkedInvitation(caller: Caller, u: InviteInput) {
  const invitation = {
    email: u.email.toLowerCase(),
    name: u.name,
    roleId: u.roleId as Role,
    permissions: normalisePermissions(u.permissions),
    accountAccess: normaliseAccess(u.accountAccess),
    isSystemAdmin: u.isSystemAdmin ?? false,
  };
  await checkAccounts(caller, invitation.accountAccess);
  await checkChange(caller, null, { ...invitation, status: 'active' });
  return invitation;
}

export async function inviteUserFor(
  caller: Caller,
  input: output<typeof inviteUser>,
  pool?: UserPoolAdmin,
): Promise<UserView> {
  const invitation = await checkedInvitation(caller, input.user);
  return toUserView(await inviteUserIntoCompany(caller.companyId, invitation, caller.email, pool));
}

// ---------------------------------------------------------------------------------------------
// CSV bulk invitation

export const INVITE_CSV_HEADER = ['email', 'name', 'role', 'accounts'] as const;
export const MAX_CSV_INVITES = 100;
const MAX_LISTED = 20;

const ROLE_NAMES: Record<string, Role> = {
  administrator: Role.Administrator,
  admin: Role.Administrator,
  mediamanager: Role.MediaManager,
  planner: Role.Planner,
  analyst: Role.Analyst,
  client: Role.Client,
};

/** One CSV line's cells; a cell may be quoted ("Cohen, Dana"), "" inside quotes is a quote. */
function cellsOf(line: string): string[] {
  const cells: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cur += c;
    } else if (c === '"' && cur.trim() === '') {
      quoted = true;
      cur = '';
    } else if (c === ',') {
      cells.push(cur.trim());
      cur = '';
    } else cur += c;
  }
  cells.push(cur.trim());
  return cells;
}

interface CsvRow {
  line: number;
  user: InviteInput;
}

/** Parses and checks the whole file before anyone is invited: a wrong line refuses the file (CSV_LINE_INVALID, each line's problem listed). */
export function parseUsersCsv(csv: string): CsvRow[] {
  const lines = csv
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\n|\r/)
    .map((text, i) => ({ line: i + 1, text }))
    .filter((l) => l.text.trim() !== '');
  if (!lines.length)
    throw new ValidationError(
      `csv: the file is empty; it needs the header ${INVITE_CSV_HEADER.join(',')} and a line per user`,
      'CSV_EMPTY',
    );
  const [header, ...data] = lines;
  const names = cellsOf(header.text).map((c) => c.toLowerCase());
  if (names.length !== INVITE_CSV_HEADER.length || names.some((n, i) => n !== INVITE_CSV_HEADER[i])) {
    const found = header.text.trim().slice(0, 60);
    throw new ValidationError(
      `csv: line ${header.line}: the header must be ${INVITE_CSV_HEADER.join(',')} (found "${found}")`,
      'CSV_HEADER_INVALID',
      { expected: INVITE_CSV_HEADER.join(','), found },
    );
  }
  if (!data.length) throw new ValidationError('csv: the file has a header but no users', 'CSV_NO_ROWS');
  if (data.length > MAX_CSV_INVITES)
    throw new PayloadTooLargeError(
      `csv: the file has ${data.length} users; one file invites at most ${MAX_CSV_INVITES} (split it)`,
      'CSV_TOO_MANY_ROWS',
      { rows: data.length, max: MAX_CSV_INVITES },
    );

  const issues: (ErrorIssue & { english: string })[] = [];
  const wrong = (
    line: number,
    field: string | undefined,
    reason: ErrorReason,
    params: Record<string, string | number> = {},
  ) => {
    const english = `${field ? `${field} ` : ''}${reasonText(reason, params)}`;
    issues.push({
      line,
      ...(field ? { field } : {}),
      code: reason,
      params: { ...because(reason, params), ...(field ? { column: field } : {}), detail: english },
      english,
    });
  };
  const rows: CsvRow[] = [];
  const seen = new Map<string, number>();
  for (const { line, text } of data) {
    const cells = cellsOf(text);
    if (cells.length !== INVITE_CSV_HEADER.length) {
      wrong(line, undefined, 'CSV_VALUE_COUNT', {
        expected: INVITE_CSV_HEADER.length,
        columns: INVITE_CSV_HEADER.join(','),
        found: cells.length,
      });
      continue;
    }
    const [email, name, roleText, accountsText] = cells;
    const before = issues.length;
    const roleKey = roleText.toLowerCase().replace(/[\s_-]/g, '');
    const roleId = /^[1-5]$/.test(roleKey) ? (Number(roleKey) as Role) : ROLE_NAMES[roleKey];
    if (!roleId)
      wrong(line, 'role', 'NOT_ONE_OF', { values: 'Administrator, MediaManager, Planner, Analyst, Client, 1-5' });
    const accounts =
      accountsText.trim().toLowerCase() === 'all'
        ? ('all' as const)
        : accountsText.trim() === ''
          ? []
          : accountsText
              .split(/[\s;]+/)
              .filter(Boolean)
              .map((a) => (/^\d{1,10}$/.test(a) ? Number(a) : NaN));
    if (accounts !== 'all' && accounts.some((a) => !Number.isInteger(a) || a <= 0 || a > 2147483647))
      wrong(line, 'accounts', 'ACCOUNT_LIST');
    if (!name) wrong(line, 'name', 'REQUIRED');
    const parsed = inviteUserInput.safeParse({
      email,
      name: name || '-',
      roleId: roleId ?? 1,
      permissions: ROLE_PRESETS[roleId ?? Role.Planner],
      accountAccess: accounts === 'all' ? 'all' : accounts.filter(Number.isInteger),
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? '');
        if (field === 'email') wrong(line, 'email', 'EMAIL');
        else if (field === 'name') wrong(line, 'name', 'INVALID');
        else if (field !== 'accountAccess' && field !== 'roleId') wrong(line, field || undefined, 'INVALID');
      }
    }
    if (issues.length > before || !parsed.success) continue;
    const key = parsed.data.email.toLowerCase();
    const first = seen.get(key);
    if (first !== undefined) {
      wrong(line, 'email', 'CSV_REPEATED_ROW', { first, other: key });
      continue;
    }
    seen.set(key, line);
    rows.push({ line, user: parsed.data });
  }
  if (issues.length) {
    const [firstIssue] = issues;
    const listed = issues
      .slice(0, MAX_LISTED)
      .map((e) => `line ${e.line}: ${e.english}`)
      .join('; ');
    const more = issues.length > MAX_LISTED ? ` (and ${issues.length - MAX_LISTED} more)` : '';
    throw new ValidationError(`csv: ${listed}${more}`, 'CSV_LINE_INVALID', {
      column: firstIssue.field ?? '',
      ...firstIssue.params,
      line: firstIssue.line,
      detail: firstIssue.english,
      count: issues.length,
    }).withIssues(issues.slice(0, MAX_LISTED).map(({ english: _e, ...i }) => i));
  }
  return rows;
}

/**
 * InviteUsersCsv: the whole file is checked first — its lines, the rules for every line, the
 * accounts it names — so a typo invites no one; then each line is invited on its own (the same
 * invitation as InviteUser) and the report says what became of it: invited, a user already, or the
 * user pool's failure. A line that fails does not stop the others.
 */
export async function inviteUsersCsvFor(
  caller: Caller,
  input: output<typeof inviteUsersCsv>,
  pool?: UserPoolAdmin,
): Promise<CsvInviteReport> {
  const rows = parseUsersCsv(input.csv);
  const invitations = [];
  for (const row of rows) invitations.push({ line: row.line, invitation: await checkedInvitation(caller, row.user) });
  const Rows: CsvInviteRow[] = [];
  for (const { line, invitation } of invitations) {
    try {
      const p = await inviteUserIntoCompany(caller.companyId, invitation, caller.email, pool);
      Rows.push({ Line: line, Email: invitation.email, Outcome: 'invited', Code: null, Sub: p.sub });
    } catch (err) {
      const code = (err as { code?: string }).code ?? 'INTERNAL';
      if (code === 'INTERNAL') log.error('csv invitation failed', { line, message: (err as Error).message });
      Rows.push({
        Line: line,
        Email: invitation.email,
        Outcome: code === 'USER_EXISTS' ? 'exists' : 'failed',
        Code: code,
        Sub: null,
      });
    }
  }
  const invited = Rows.filter((r) => r.Outcome === 'invited').length;
  return { Rows, Invited: invited, NotInvited: Rows.length - invited };
}

// ---------------------------------------------------------------------------------------------
// Changes of an existing user

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
