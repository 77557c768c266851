import { UnauthorizedError } from './errors';
import { getProfileBySub, type UserProfile } from '../repositories/profiles';

/**
 * The profile behind a Cognito `sub`, cached in the container for at most 30 s (DOMAIN.md §1):
 * a permission change or a disabled user applies within that time, without a token refresh.
 */
export const PROFILE_CACHE_MS = 30_000;
const cache = new Map<string, { profile: UserProfile | undefined; at: number }>();

export async function loadCaller(sub: string | undefined, now = Date.now()): Promise<UserProfile> {
  if (!sub) throw new UnauthorizedError('Token has no subject');
  let hit = cache.get(sub);
  if (!hit || now - hit.at > PROFILE_CACHE_MS) {
    hit = { profile: await getProfileBySub(sub), at: now };
    cache.set(sub, hit);
    if (cache.size > 1000) cache.delete(cache.keys().next().value as string);
  }
  if (!hit.profile) throw new UnauthorizedError('No Mixdesk profile for this user');
  if (hit.profile.status !== 'active') throw new UnauthorizedError('This user is disabled');
  return hit.profile;
}

/** Tests and the local server change profiles between calls; they clear the cache. */
export function clearCallerCache(): void {
  cache.clear();
}
