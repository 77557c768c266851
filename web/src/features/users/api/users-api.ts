import type {
  CsvInviteReport,
  PasswordReset,
  UserChange,
  UserInfo,
  UsersPage,
  UserView,
} from '@server/modules/users/replies';
import { callApi } from '../../../lib/api-client';
import type { RequestOf } from '../../../lib/api-types';

export type { CsvInviteReport, PasswordReset, UserChange, UserInfo, UsersPage, UserView };
export type InvitePayload = RequestOf<'UsersService', 'InviteUser'>['user'];
export type UpdatePayload = RequestOf<'UsersService', 'UpdateUser'>['user'];

export const PAGE_SIZE = 50;
/** lambdas/modules/users/users.ts MAX_CSV_INVITES: a file invites at most this many. */
export const MAX_CSV_INVITES = 100;

/** Users are company settings: no account in the path, so no x-account-id. */
export function fetchUsersPage(search: string, nextToken: string | null, signal?: AbortSignal) {
  return callApi('UsersService', 'GetUsersList', { search, pageSize: PAGE_SIZE, nextToken }, { signal });
}

export function fetchUserInfo(sub: string, signal?: AbortSignal) {
  return callApi('UsersService', 'GetUserInfo', { sub }, { signal });
}

export function inviteUser(user: InvitePayload) {
  return callApi('UsersService', 'InviteUser', { user });
}

export function inviteUsersCsv(csv: string) {
  return callApi('UsersService', 'InviteUsersCsv', { csv });
}

export function updateUser(user: UpdatePayload) {
  return callApi('UsersService', 'UpdateUser', { user });
}

/** The actions on one user at the version shown. */
export type UserAction = 'DisableUser' | 'EnableUser' | 'ResetUserPassword' | 'ResetUserMfa' | 'SignOutUserEverywhere';

const ACTIONS = {
  DisableUser: (b: { sub: string; version: number }) => callApi('UsersService', 'DisableUser', b),
  EnableUser: (b: { sub: string; version: number }) => callApi('UsersService', 'EnableUser', b),
  ResetUserPassword: (b: { sub: string; version: number }) => callApi('UsersService', 'ResetUserPassword', b),
  ResetUserMfa: (b: { sub: string; version: number }) => callApi('UsersService', 'ResetUserMfa', b),
  SignOutUserEverywhere: (b: { sub: string; version: number }) => callApi('UsersService', 'SignOutUserEverywhere', b),
};

export function userAction(
  action: UserAction,
  u: Pick<UserView, 'Sub' | 'version'>,
): Promise<UserView | PasswordReset> {
  return ACTIONS[action]({ sub: u.Sub, version: u.version });
}

/** The company's main accounts (for granting access), by name. */
export async function fetchMainAccounts(signal?: AbortSignal): Promise<{ ID: number; Name: string }[]> {
  const page = await callApi('AccountsService', 'GetAccountsList', { mainAccountId: -1, pageSize: 500 }, { signal });
  return page.Items.map((a) => ({ ID: a.ID, Name: a.Name }));
}
