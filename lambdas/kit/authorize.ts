import type { Requirement } from '../manifest';
import type { UserProfile } from '../repositories/profiles';
import { grants, isClientOnly, Permission } from '../shared/permissions';
import { ForbiddenError } from './errors';

/** Checks a route's requirement against the caller's profile; 403 names what is missing. */
export function authorize(profile: UserProfile, req: Requirement): void {
  if (req.systemAdmin && !profile.isSystemAdmin) throw new ForbiddenError('Required permission missing: system administrator');
  if (req.staff && isClientOnly(profile.permissions)) throw new ForbiddenError('Required permission missing: client users cannot change this');
  if (req.anyOf?.length && !req.anyOf.some((p) => grants(profile.permissions, p))) {
    throw new ForbiddenError(`Required permission missing: ${req.anyOf.map((p) => Permission[p]).join(' or ')}`);
  }
}
