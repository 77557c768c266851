import { getUserInfo, getUsersList, inviteUser, inviteUsersCsv, updateUser, userAction } from './schemas';
import type { CsvInviteReport, PasswordReset, UserInfo, UsersPage, UserView } from './replies';
import { replyOf, route } from '../../kit/route';

/**
 * UsersService: the company's users, managed by GeneralSettings holders without the
 * AWS console. The company is the caller's (never from input); users are named by their Cognito sub.
 * The rules of who may grant what: modules/users/rules.ts.
 */
export const getUsersListRoute = /* @__PURE__ */ route({
  service: 'UsersService',
  method: 'GetUsersList',
  access: 'read',
  requires: 'generalSettings',
  accountScope: 'optional',
  input: getUsersList,
  reply: replyOf<UsersPage>,
  summary:
    "The company's users by name, searched by part of a name or an e-mail, paginated; with x-account-id, those who see that account",
});

export const getUserInfoRoute = /* @__PURE__ */ route({
  service: 'UsersService',
  method: 'GetUserInfo',
  access: 'read',
  requires: 'generalSettings',
  accountScope: 'none',
  input: getUserInfo,
  reply: replyOf<UserInfo>,
  summary: 'One user of the company with their change history (who, when, before → after)',
});

export const inviteUserRoute = /* @__PURE__ */ route({
  service: 'UsersService',
  method: 'InviteUser',
  access: 'write',
  requires: 'generalSettings',
  accountScope: 'none',
  input: inviteUser,
  reply: replyOf<UserView>,
  summary: 'Invites a user: the user pool mails a temporary password; the profile is written with it, never half-made',
});

export const inviteUsersCsvRoute = /* @__PURE__ */ route({
  service: 'UsersService',
  method: 'InviteUsersCsv',
  access: 'write',
  requires: 'generalSettings',
  accountScope: 'none',
  input: inviteUsersCsv,
  reply: replyOf<CsvInviteReport>,
  summary:
    'Invites the users of a CSV (email,name,role,accounts), checked whole first; answers what became of each line',
});

export const updateUserRoute = /* @__PURE__ */ route({
  service: 'UsersService',
  method: 'UpdateUser',
  access: 'write',
  requires: 'generalSettings',
  accountScope: 'none',
  input: updateUser,
  reply: replyOf<UserView>,
  summary:
    "Changes a user's name, role preset, permissions and account access (only what the caller holds may be granted)",
});

export const disableUserRoute = /* @__PURE__ */ route({
  service: 'UsersService',
  method: 'DisableUser',
  access: 'write',
  requires: 'generalSettings',
  accountScope: 'none',
  input: userAction,
  reply: replyOf<UserView>,
  summary: 'Disables a user in the user pool and in Mixdesk: the API refuses them at once',
});

export const enableUserRoute = /* @__PURE__ */ route({
  service: 'UsersService',
  method: 'EnableUser',
  access: 'write',
  requires: 'generalSettings',
  accountScope: 'none',
  input: userAction,
  reply: replyOf<UserView>,
  summary: 'Enables a disabled user again',
});

export const resetUserPasswordRoute = /* @__PURE__ */ route({
  service: 'UsersService',
  method: 'ResetUserPassword',
  access: 'write',
  requires: 'generalSettings',
  accountScope: 'none',
  input: userAction,
  reply: replyOf<PasswordReset>,
  summary: 'Sets a new temporary password (shown once) that the user must change at the next sign-in',
});

export const resetUserMfaRoute = /* @__PURE__ */ route({
  service: 'UsersService',
  method: 'ResetUserMfa',
  access: 'write',
  requires: 'generalSettings',
  accountScope: 'none',
  input: userAction,
  reply: replyOf<UserView>,
  summary: "Turns a user's authenticator app off (a lost phone): they set it up again",
});

export const signOutUserEverywhereRoute = /* @__PURE__ */ route({
  service: 'UsersService',
  method: 'SignOutUserEverywhere',
  access: 'write',
  requires: 'generalSettings',
  accountScope: 'none',
  input: userAction,
  reply: replyOf<UserView>,
  summary:
    'Ends every session of a user: the API refuses tokens of sessions begun before now, the pool revokes refresh tokens',
});

export const USERS_SERVICE_ROUTES = [
  getUsersListRoute,
  getUserInfoRoute,
  inviteUserRoute,
  inviteUsersCsvRoute,
  updateUserRoute,
  disableUserRoute,
  enableUserRoute,
  resetUserPasswordRoute,
  resetUserMfaRoute,
  signOutUserEverywhereRoute,
] as const;
