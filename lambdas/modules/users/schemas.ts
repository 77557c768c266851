// Named imports, not the `z` namespace (see fields.ts).
import { array, int as integer, literal, maxLength, maximum, minimum, object, optional, string, union } from 'zod/mini';
import {
  bool,
  email,
  id,
  int,
  matches,
  multilineText,
  nextToken,
  pageSize,
  preprocess,
  requiredText,
  text,
} from '../../shared/schema-fields';

/**
 * Inputs of UsersService: the company's users, managed by GeneralSettings holders.
 * A user is named by their Cognito `sub` (a UUID); the company is always the caller's.
 */
export const USER_SUB = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

const numberish = (v: unknown) => (typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v);

export const userSub = () => string().check(maxLength(36), matches(USER_SUB, 'INVALID'));
/** A Permission of shared/permissions.ts (1 Admin … 7 ClientZone; None is never stored). */
export const permission = () => preprocess(numberish, integer().check(minimum(1), maximum(7)));
/** A Role of shared/permissions.ts (1 Administrator … 5 Client). */
export const role = () => preprocess(numberish, integer().check(minimum(1), maximum(5)));
/** 'all' accounts of the company, or the main-account ids the user may see (with their sub-accounts). */
export const accountAccess = () => union([literal('all'), array(id()).check(maxLength(200))]);

/** Name and e-mail limits (the profile's; Cognito takes 2048 for attributes). */
export const USER_NAME_MAX = 100;

export const getUsersList = object({
  /** Part of a name or an e-mail address (case-insensitive). */
  search: optional(text(100)),
  pageSize: pageSize(),
  nextToken: nextToken(),
});

export const userRef = object({ sub: userSub() });

export const getUserInfo = userRef;

export const userFields = {
  name: requiredText(USER_NAME_MAX),
  roleId: role(),
  permissions: array(permission()).check(maxLength(10)),
  accountAccess: accountAccess(),
  /** Only system administrators may set it (rules.ts). */
  isSystemAdmin: optional(bool()),
};

export const inviteUserInput = object({ email: email(), ...userFields });
export const inviteUser = object({ user: inviteUserInput });

/** A CSV of `email,name,role,accounts` (role by name or number; accounts `all` or ids separated by spaces or `;`). */
export const INVITE_CSV_MAX_CHARS = 100_000;
export const inviteUsersCsv = object({ csv: multilineText(INVITE_CSV_MAX_CHARS) });

export const updateUserInput = object({ sub: userSub(), ...userFields, version: int() });
export const updateUser = object({ user: updateUserInput });

/** Disable, enable, reset password, reset MFA, sign out everywhere: the user and the version read. */
export const userAction = object({ sub: userSub(), version: int() });
