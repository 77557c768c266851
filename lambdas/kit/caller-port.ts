import type { CallerIdentity, UserProfile } from '../core/caller';

/**
 * What the kit needs to know of a caller, as a port: the users module answers it (the lookups are
 * handed to the kit where the handlers are wired, lambdas/service-handler.ts), so the kit reads no
 * store and knows no domain.
 */
export interface CallerLookups {
  /** The identity pointer of a Cognito `sub`, read strongly consistent: the gate of every request. */
  identity(sub: string): Promise<CallerIdentity | undefined>;
  /** The profile behind a `sub` in its company. */
  profile(companyId: number, sub: string): Promise<UserProfile | undefined>;
  /** Whether the company requires its users to sign in with an authenticator app. */
  requiresMfa(companyId: number): Promise<boolean>;
  /** The x-account-id header's account when the caller may see it (403 otherwise). */
  visibleAccountId(caller: UserProfile, accountId: number): Promise<number>;
}
