import { readCache } from '../domain/read-cache';
import { getProfileBySub, type UserProfile } from '../repositories/profiles';
import { UnauthorizedError } from './errors';

/**
 * The profile behind a Cognito `sub`, kept in the container for at most 30 s (DOMAIN.md §1, the
 * read-cache policy): a permission change or a disabled user applies within that time, without a
 * token refresh. Concurrent requests of one user share the one read.
 */
const profiles = readCache<UserProfile | undefined>();

export async function loadCaller(sub: string | undefined, now = Date.now()): Promise<UserProfile> {
  if (!sub) throw new UnauthorizedError('Token has no subject', 'NOT_SIGNED_IN');
  const profile = await profiles.get(sub, () => getProfileBySub(sub), now);
  if (!profile) throw new UnauthorizedError('No Mixdesk profile for this user', 'USER_NO_PROFILE');
  if (profile.status !== 'active') throw new UnauthorizedError('This user is disabled', 'USER_DISABLED');
  return profile;
}

/** Tests and the local server change profiles between calls; they clear the cache. */
export function clearCallerCache(): void {
  profiles.clear();
}
