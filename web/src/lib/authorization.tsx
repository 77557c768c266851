import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { Permission } from '@server/shared/permissions';
import { canCall, REQUIRES, type PolicyCaller, type Requirement } from '@server/shared/policy';
import type { LoginReply } from './api-types';
import { useSession } from './auth';

export { Permission, type Requirement };

/**
 * Authorization of the console: the API's own policy (shared/policy.ts) over the signed-in profile.
 * The API enforces every rule (docs/domain.md) with the same `canCall`; the console only hides.
 */
type Profile = Pick<LoginReply, 'Permissions' | 'IsSystemAdmin'>;

/** The sign-in reply as the shared policy's caller. */
export const callerOf = (profile: Profile | null | undefined): PolicyCaller | null =>
  profile ? { permissions: profile.Permissions, isSystemAdmin: profile.IsSystemAdmin } : null;

export function isAllowed(profile: Profile | null | undefined, req: Requirement): boolean {
  return canCall(callerOf(profile), req);
}

export function hasPermission(profile: Profile | null | undefined, wanted: Permission): boolean {
  return isAllowed(profile, { anyOf: [wanted] });
}

/** Agency staff (not a client-only user) may edit accounts. */
export function isStaff(profile: Profile | null | undefined): boolean {
  return isAllowed(profile, REQUIRES.staff);
}

/** What each guarded screen needs (the route table, docs/domain.md): the API's named requirements. */
export const ACCESS = {
  none: REQUIRES.signedIn,
  managerDashboard: REQUIRES.managementReports,
  operationalReports: REQUIRES.operationalReports,
  generalSettings: REQUIRES.generalSettings,
  mediaPlanApprover: REQUIRES.mediaPlanApprover,
  staff: REQUIRES.staff,
  systemAdmin: REQUIRES.systemAdmin,
} satisfies Record<string, Requirement>;

/** Renders children only when allowed (a hidden action, a menu entry). */
export function Authorization({
  allowed,
  children,
  forbiddenFallback = null,
}: {
  allowed: Requirement;
  children: ReactNode;
  forbiddenFallback?: ReactNode;
}) {
  const session = useSession();
  return <>{isAllowed(session?.profile, allowed) ? children : forbiddenFallback}</>;
}

/** Route guard: a missing permission goes to /forbidden. */
export function RequirePermission({ children, ...req }: Requirement & { children: ReactNode }) {
  const session = useSession();
  if (!isAllowed(session?.profile, req)) return <Navigate to="/forbidden" replace />;
  return <>{children}</>;
}
