import type { Page } from '../../shared/replies/reply';

/**
 * Replies of UsersService: the company's users as their administrators see them.
 * Plain TypeScript shared with the console.
 */

/** Permission and Role numbers as in shared/permissions.ts. */
export interface UserView {
  /** The Cognito subject: the user's id in every route. */
  Sub: string;
  Email: string;
  Name: string;
  RoleId: number;
  Permissions: number[];
  /** 'all' accounts of the company, or the main-account ids the user sees (with their sub-accounts). */
  AccountAccess: 'all' | number[];
  IsSystemAdmin: boolean;
  Status: 'active' | 'disabled';
  /** Whether the user had an authenticator app (TOTP) at their last sign-in (false until they sign in). */
  MfaEnabled: boolean;
  LastLoginAt: string | null;
  CreatedAt: string;
  /** Invited and never signed in yet (still on the temporary password). */
  Invited: boolean;
  /** Sessions signed in before this time are refused by the API (SignOutUserEverywhere). */
  TokensValidAfter: string | null;
  version: number;
}

/** GetUsersList: by name, paginated. */
export type UsersPage = Page<UserView>;

export type UserChangeAction =
  | 'invite'
  | 'update'
  | 'disable'
  | 'enable'
  | 'resetPassword'
  | 'resetMfa'
  | 'signOutEverywhere';

/** One audited change of a user: who, when, what (before → after of the fields that changed). */
export interface UserChange {
  At: string;
  /** Who made it (their e-mail), and their name when a profile of the company names them. */
  By: string;
  ByName: string;
  Action: UserChangeAction;
  /** The fields that changed, each before → after (null: not set). */
  Changes: { Field: string; Before: unknown; After: unknown }[];
}

/** GetUserInfo: the user and their change history, newest first (at most the latest 100). */
export interface UserInfo {
  User: UserView;
  History: UserChange[];
}

/** InviteUsersCsv: what became of each line of the file. */
export interface CsvInviteRow {
  /** The line of the file (the header is line 1). */
  Line: number;
  Email: string;
  Outcome: 'invited' | 'exists' | 'failed';
  /** The error code of a line not invited (USER_EXISTS, USER_POOL_UNAVAILABLE, FIELD_INVALID…). */
  Code: string | null;
  /** The invited user's id. */
  Sub: string | null;
}

export interface CsvInviteReport {
  Rows: CsvInviteRow[];
  Invited: number;
  NotInvited: number;
}

/** ResetUserPassword: the new temporary password, shown once to the administrator to pass on. */
export interface PasswordReset {
  User: UserView;
  TemporaryPassword: string;
}
