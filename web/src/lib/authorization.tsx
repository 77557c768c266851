import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { grants, isClientOnly, Permission } from '../../../lambdas/shared/permissions';
import type { LoginReply } from './api-types';
import { useSession } from './auth';

export { Permission };

/**
 * Authorization policies of the console. The API enforces every rule (DOMAIN.md §5); the console
 * only hides what the user may not use.
 */
export interface Requirement {
  /** At least one of these (Admin implies all). Empty or absent: no permission needed. */
  anyOf?: readonly Permission[];
  systemAdminOnly?: boolean;
}

type Profile = Pick<LoginReply, 'Permissions' | 'IsSystemAdmin'>;

export function hasPermission(profile: Profile | null | undefined, wanted: Permission): boolean {
  return !!profile && grants(profile.Permissions, wanted);
}

export function isAllowed(profile: Profile | null | undefined, req: Requirement): boolean {
  if (!profile) return false;
  if (req.systemAdminOnly && !profile.IsSystemAdmin) return false;
  if (!req.anyOf || req.anyOf.length === 0) return true;
  return req.anyOf.some((p) => hasPermission(profile, p));
}

/** Agency staff (not a client-only user) may edit accounts. */
export function isStaff(profile: Profile | null | undefined): boolean {
  return !!profile && !isClientOnly(profile.Permissions);
}

/** What each guarded screen needs (SPEC §2 route table, DOMAIN.md §5); the menu uses the same entries. */
export const ACCESS = {
  none: {},
  managerDashboard: { anyOf: [Permission.ManagementReports] },
  operationalReports: { anyOf: [Permission.OperationalReports] },
  generalSettings: { anyOf: [Permission.GeneralSettings] },
  systemAdmin: { systemAdminOnly: true },
} satisfies Record<string, Requirement>;

/** Renders children only when allowed (a hidden action, a menu entry). */
export function Authorization({ allowed, children, forbiddenFallback = null }: { allowed: Requirement; children: ReactNode; forbiddenFallback?: ReactNode }) {
  const session = useSession();
  return <>{isAllowed(session?.profile, allowed) ? children : forbiddenFallback}</>;
}

/** Route guard: a missing permission goes to /forbidden (SPEC §6). */
export function RequirePermission({ children, ...req }: Requirement & { children: ReactNode }) {
  const session = useSession();
  if (!isAllowed(session?.profile, req)) return <Navigate to="/forbidden" replace />;
  return <>{children}</>;
}
