import { MediaMixStatus } from '../../../../../lambdas/shared/media-mix-status';
import { isClientOnly } from '../../../../../lambdas/shared/permissions';
import type { LoginReply } from '../../../lib/api-types';
import { hasPermission, Permission } from '../../../lib/authorization';
import type { MediaMixListItem } from '../api/media-plan-api';

export { MediaMixStatus };

type Profile = Pick<LoginReply, 'Permissions' | 'IsSystemAdmin'> | null | undefined;
type Version = Pick<MediaMixListItem, 'ID' | 'Status' | 'ClientApprovedAt' | 'ClientDeclinedAt'>;

/** What the user may do with a version (DOMAIN.md §5). The API enforces all of it; the console only hides. */
export interface PlanAbilities {
  /** Change lines, name, apply a template: agency staff, Draft only. */
  edit: boolean;
  submit: boolean;
  approve: boolean;
  reject: boolean;
  newVersion: boolean;
  signOff: boolean;
  decline: boolean;
  export: boolean;
  /** Start the activity's first plan (it has none). */
  createPlan: boolean;
}

const staffOf = (p: Profile) => !!p && !isClientOnly(p.Permissions);
const clientOf = (p: Profile) => !!p && isClientOnly(p.Permissions) && hasPermission(p, Permission.ClientZone);

export function planAbilities(profile: Profile, version: Version | null, versions: readonly Version[]): PlanAbilities {
  const staff = staffOf(profile);
  const client = clientOf(profile);
  const approver = staff && hasPermission(profile, Permission.MediaPlanApprover);
  const status = version?.Status;
  // One Draft-or-Submitted version at a time; a new one starts from an Approved or Rejected version.
  const open = versions.some((v) => v.Status === MediaMixStatus.Draft || v.Status === MediaMixStatus.Submitted);
  // Clients answer the activity's latest approved version only.
  const latestApproved = versions.filter((v) => v.Status === MediaMixStatus.Approved)[0];
  const answerable = client && !!version && status === MediaMixStatus.Approved && latestApproved?.ID === version.ID && !version.ClientApprovedAt;
  return {
    edit: staff && status === MediaMixStatus.Draft,
    submit: staff && status === MediaMixStatus.Draft,
    approve: approver && status === MediaMixStatus.Submitted,
    reject: approver && status === MediaMixStatus.Submitted,
    newVersion: staff && !open && (status === MediaMixStatus.Approved || status === MediaMixStatus.Rejected),
    signOff: answerable,
    decline: answerable && !version?.ClientDeclinedAt,
    export: !!version,
    createPlan: staff && versions.length === 0,
  };
}
