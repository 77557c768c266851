import { readCache } from '../domain/read-cache';
import { getIdentity, getProfile, type UserProfile } from '../repositories/profiles';
import { UnauthorizedError } from './errors';

/**
 * The profile behind a Cognito `sub`. Two reads, two policies (DOMAIN.md §1, issue 11 §1):
 * - the identity pointer (`SUB#<sub>`), read strongly consistent on EVERY request: it carries the
 *   user's status and sign-out cut-off, so a disabled user, or a session begun before "sign out
 *   everywhere", is refused at once in every container, not within 30 s;
 * - the profile itself (permissions, account access), kept in the container for at most 30 s: a
 *   permission change applies within that time, without a token refresh. Concurrent requests of
 *   one user share the one read.
 */
const profiles = readCache<UserProfile | undefined>();

export interface Session {
  /** When the session's sign-in happened (the token's auth_time, else its iat), epoch seconds. */
  authTime?: number;
}

export async function loadCaller(sub: string | undefined, now = Date.now(), session: Session = {}): Promise<UserProfile> {
  if (!sub) throw new UnauthorizedError('Token has no subject', 'NOT_SIGNED_IN');
  const identity = await getIdentity(sub);
  if (!identity) throw new UnauthorizedError('No Mixdesk profile for this user', 'USER_NO_PROFILE');
  if (identity.status === 'disabled') throw new UnauthorizedError('This user is disabled', 'USER_DISABLED');
  if (identity.tokensValidAfter && session.authTime !== undefined && session.authTime * 1000 < Date.parse(identity.tokensValidAfter)) {
    throw new UnauthorizedError('This session was signed out; sign in again', 'SESSION_REVOKED');
  }
  const profile = await profiles.get(sub, () => getProfile(identity.companyId, sub), now);
  if (!profile) throw new UnauthorizedError('No Mixdesk profile for this user', 'USER_NO_PROFILE');
  if (profile.status !== 'active') throw new UnauthorizedError('This user is disabled', 'USER_DISABLED');
  return profile;
}

/** Tests and the local server change profiles between calls; they clear the cache. */
export function clearCallerCache(): void {
  profiles.clear();
}
