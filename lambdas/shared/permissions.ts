/**
 * Permission enumeration of docs/domain.md. The numbers are part of the API (the console and the
 * legacy client send and receive them), so never renumber.
 */
export enum Permission {
  None = 0,
  Admin = 1,
  GeneralSettings = 2,
  AccountCreateDelete = 3,
  OperationalReports = 4,
  ManagementReports = 5,
  MediaPlanApprover = 6,
  ClientZone = 7,
}

/** Company permissions that Admin implies (everything but None; isSystemAdmin is separate). */
export const COMPANY_PERMISSIONS: readonly Permission[] = [
  Permission.GeneralSettings,
  Permission.AccountCreateDelete,
  Permission.OperationalReports,
  Permission.ManagementReports,
  Permission.MediaPlanApprover,
  Permission.ClientZone,
];

export enum Role {
  Administrator = 1,
  MediaManager = 2,
  Planner = 3,
  Analyst = 4,
  Client = 5,
}

/** Named presets; a user's own permission list may differ from the preset of their role. */
export const ROLE_PRESETS: Record<Role, Permission[]> = {
  [Role.Administrator]: [Permission.Admin],
  [Role.MediaManager]: [Permission.AccountCreateDelete, Permission.MediaPlanApprover, Permission.OperationalReports],
  [Role.Planner]: [],
  [Role.Analyst]: [Permission.OperationalReports, Permission.ManagementReports],
  [Role.Client]: [Permission.ClientZone],
};

/** Does a permission list grant `wanted`? Admin implies every company permission. */
export function grants(held: readonly Permission[], wanted: Permission): boolean {
  if (wanted === Permission.None) return true;
  return held.includes(wanted) || held.includes(Permission.Admin);
}

/**
 * A client-only user holds ClientZone and nothing else that makes them agency staff. They may
 * look at their accounts and sign off plans, never edit. Admin is never client-only.
 */
export function isClientOnly(held: readonly Permission[]): boolean {
  return (
    held.includes(Permission.ClientZone) && !held.some((p) => p !== Permission.ClientZone && p !== Permission.None)
  );
}
