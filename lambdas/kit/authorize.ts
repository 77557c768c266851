import type { Requirement } from '../manifest';
import type { UserProfile } from '../repositories/profiles';
import { grants, isClientOnly, Permission } from '../shared/permissions';
import { ForbiddenError } from './errors';

/** Checks a route's requirement against the caller's profile; 403 names what is missing. */
export function authorize(profile: UserProfile, req: Requirement): void {
  if (req.systemAdmin && !profile.isSystemAdmin) throw new ForbiddenError('Required permission missing: system administrator', 'PERMISSION_MISSING', { permission: 'SystemAdmin' });
  if (req.staff && isClientOnly(profile.permissions)) throw new ForbiddenError('Required permission missing: client users cannot change this', 'CLIENT_READ_ONLY');
  if (req.anyOf?.length && !req.anyOf.some((p) => grants(profile.permissions, p))) {
    const names = req.anyOf.map((p) => Permission[p]);
    throw new ForbiddenError(`Required permission missing: ${names.join(' or ')}`, 'PERMISSION_MISSING', { permission: names.join(', ') });
  }
}
