import type { Permission, Role } from '../shared/permissions';

/** The server-side profile of a Cognito user (docs/domain.md). Permissions are read from here, never from the token. */
export interface UserProfile {
  sub: string;
  companyId: number;
  email: string;
  name: string;
  roleId: Role;
  permissions: Permission[];
  isSystemAdmin: boolean;
  /** 'all' accounts of the company, or the main-account ids this user may see (with their sub-accounts). */
  accountAccess: 'all' | number[];
  status: 'active' | 'disabled';
  createdAt: string;
  lastLoginAt?: string;
  /**
   * Whether the user had an authenticator app (TOTP) at their last sign-in. Asked of the user pool
   * only for companies that require MFA (configuration RequireMfa); the API refuses business calls
   * of such a company's users until this is true.
   */
  mfaEnabled?: boolean;
  /**
   * Sign out everywhere (UsersService.SignOutUserEverywhere): sessions that began before this time
   * are refused by the API (kit/caller.ts), since a JWT stays valid until it expires.
   */
  tokensValidAfter?: string;
  version: number;
}

/**
 * What every request reads fresh, past the 30 s profile cache (kit/caller.ts): the identity pointer
 * carries a copy of the user's status and sign-out cut-off, written in the same transaction as the
 * profile's, so a disabled or signed-out user is refused at once in every container.
 */
export interface CallerIdentity {
  companyId: number;
  status?: 'active' | 'disabled';
  tokensValidAfter?: string;
}
