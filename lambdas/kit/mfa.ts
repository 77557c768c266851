import { readCache } from '../core/read-cache';
import type { UserProfile } from '../core/caller';
import type { CallerLookups } from './caller-port';
import { ForbiddenError } from '../core/errors';

/** The company setting, read at most every 30 s per container (like the profile). */
const requirements = readCache<boolean>();

export const MFA_REQUIRED_MESSAGE =
  'Your company requires two-factor authentication: turn on an authenticator app in your profile, then sign in again';

/**
 * A company with RequireMfa refuses its users' business calls until their last sign-in showed an
 * authenticator app (LogInByAws asks the user pool). Sign-in itself stays open (routes marked
 * `beforeMfa`), so the user can reach the profile page and set one up; so do GetConfigurations and
 * SaveConfigurations, so a settings user can turn the requirement off again (only that:
 * modules/configurations/configurations.ts) — a company can never lock itself out.
 */
export async function requireMfaWhereDemanded(caller: UserProfile, lookups: CallerLookups): Promise<void> {
  if (caller.mfaEnabled === true) return;
  const required = await requirements.get(String(caller.companyId), () => lookups.requiresMfa(caller.companyId));
  if (required) throw new ForbiddenError(MFA_REQUIRED_MESSAGE, 'MFA_REQUIRED');
}
