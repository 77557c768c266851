import type { output } from 'zod/mini';
import { log } from '../../core/logger';
import { getAccount, type UserProfile } from '../tenancy';
import type { UserPoolAdmin } from '../../aws/user-pool-admin';
import { allUsersOf, listUsers, userAuditEntries } from './store.dynamodb';
import type { getUserInfo, getUsersList, inviteUser, inviteUsersCsv } from './schemas';
import type {
  CsvInviteReport,
  CsvInviteRow,
  UserChange,
  UserChangeAction,
  UserInfo,
  UsersPage,
  UserView,
} from './replies';
import { inviteUserIntoCompany } from './invites';
import { normaliseAccess, normalisePermissions } from './rules';
import type { Role } from '../../shared/permissions';
import { parseUsersCsv } from './invite-csv';
import { checkAccounts, checkChange, loadUser } from './user-checks';
import { toUserView } from './user-view';

/**
 * UsersService: a company's administrators (GeneralSettings) manage its users. The
 * company is always the caller's; a user of another company is "not found". Here: the list, a
 * user's history and the invitations (one, or a CSV file: invite-csv.ts); the changes of an
 * existing user are in user-changes.ts, the checks they share in user-checks.ts.
 */
type Caller = UserProfile;

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
