import type { UserProfile } from '../core/caller';
import { refusalOf, type Requirement } from '../shared/policy';
import { ForbiddenError } from '../core/errors';

/**
 * Checks a route's requirement against the caller's profile with the one shared policy
 * (shared/policy.ts, which the console's menu, guards and buttons use too); 403 names what is missing.
 */
export function authorize(profile: UserProfile, req: Requirement): void {
  const refusal = refusalOf(profile, req);
  if (!refusal) return;
  if (refusal.code === 'CLIENT_READ_ONLY')
    throw new ForbiddenError('Required permission missing: client users cannot change this', 'CLIENT_READ_ONLY');
  const what =
    refusal.permission === 'SystemAdmin' ? 'system administrator' : refusal.permission.split(', ').join(' or ');
  throw new ForbiddenError(`Required permission missing: ${what}`, 'PERMISSION_MISSING', {
    permission: refusal.permission,
  });
}
