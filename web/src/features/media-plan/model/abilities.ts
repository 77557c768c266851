import { VersionStatus } from '@server/shared/version-status';
import { planActions, type PlanActions } from '@server/shared/policy';
import type { LoginReply } from '../../../lib/api-types';
import { callerOf } from '../../../lib/authorization';
import type { VersionListItem } from '../api/media-plan-api';

export { VersionStatus };

type Profile = Pick<LoginReply, 'Permissions' | 'IsSystemAdmin'> | null | undefined;
type Version = Pick<VersionListItem, 'ID' | 'Status' | 'ClientApprovedAt' | 'ClientDeclinedAt'>;

/** What the user may do with a version (docs/domain.md): the API's shared policy (shared/policy.ts planActions). */
export type PlanAbilities = PlanActions;

export const planAbilities = (profile: Profile, version: Version | null, versions: readonly Version[]): PlanAbilities =>
  planActions(callerOf(profile), version, versions);
