import type { CallerLookups } from './kit/caller-port';
import { getIdentity, getProfile } from './modules/tenancy/profile-store.dynamodb';
import { checkVisibleAccountId } from './modules/tenancy/access';
import { getCompanyConfiguration } from './modules/configurations';

/** The kit's caller port, answered from the users' profiles, the company configuration and account access. */
export const callerLookups: CallerLookups = {
  identity: getIdentity,
  profile: getProfile,
  requiresMfa: async (companyId) => Boolean((await getCompanyConfiguration(companyId)).RequireMfa),
  visibleAccountId: checkVisibleAccountId,
};
