import { VersionStatus } from './version-status';
import { grants, isClientOnly, Permission } from './permissions';

/**
 * Who may do what (docs/domain.md), stated ONCE and evaluated by ONE function for the API and the
 * console: the handler kit refuses a route with `refusalOf(caller, route.requires)`, the console's
 * menu, route guards and buttons hide with `canCall(caller, requirement)`, both over the named
 * requirements below, and the plan buttons follow `planActions`. The API enforces; the console only
 * hides. Shared with the console: no server imports.
 */

/** What a route (or a screen) needs. Empty: any signed-in user of the company. */
export interface Requirement {
  /** At least one of these (Admin implies all). */
  readonly anyOf?: readonly Permission[];
  /** Only platform operators (isSystemAdmin). */
  readonly systemAdmin?: boolean;
  /** Agency staff only: a client-only user (ClientZone and nothing else) is refused. */
  readonly staff?: boolean;
}

/** The named requirements of the product; routes and screens use these, never a literal. */
export const REQUIRES = {
  signedIn: {},
  staff: { staff: true },
  generalSettings: { anyOf: [Permission.GeneralSettings] },
  accountCreateDelete: { anyOf: [Permission.AccountCreateDelete], staff: true },
  mediaPlanApprover: { anyOf: [Permission.MediaPlanApprover], staff: true },
  clientZone: { anyOf: [Permission.ClientZone] },
  operationalReports: { anyOf: [Permission.OperationalReports] },
  managementReports: { anyOf: [Permission.ManagementReports] },
  /** Either report permission (the billable statement's reads). */
  reports: { anyOf: [Permission.OperationalReports, Permission.ManagementReports] },
  systemAdmin: { systemAdmin: true },
  /** The agency's own figures (the gross margin: vendor costs beside billing): management, never a client user. */
  managementStaff: { anyOf: [Permission.ManagementReports], staff: true },
  /** The company's administrators (reopening a final billable month). */
  admin: { anyOf: [Permission.Admin] },
} as const satisfies Record<string, Requirement>;

/** The caller as both sides know it (the API's profile and the console's sign-in reply map onto it). */
export interface PolicyCaller {
  readonly permissions: readonly Permission[];
  readonly isSystemAdmin: boolean;
}

/** Why a caller is refused (the 403's code and params), or null when allowed. */
export type Refusal = { code: 'PERMISSION_MISSING'; permission: string } | { code: 'CLIENT_READ_ONLY' };

export function refusalOf(caller: PolicyCaller, req: Requirement): Refusal | null {
  if (req.systemAdmin && !caller.isSystemAdmin) return { code: 'PERMISSION_MISSING', permission: 'SystemAdmin' };
  if (req.staff && isClientOnly(caller.permissions)) return { code: 'CLIENT_READ_ONLY' };
  if (req.anyOf?.length && !req.anyOf.some((p) => grants(caller.permissions, p))) {
    return { code: 'PERMISSION_MISSING', permission: req.anyOf.map((p) => Permission[p]).join(', ') };
  }
  return null;
}

/** May this caller call a route (or open a screen) with this requirement? */
export const canCall = (caller: PolicyCaller | null | undefined, req: Requirement): boolean =>
  !!caller && refusalOf(caller, req) === null;

/** What a caller may do in an account they can see (GetMainAccount's AccessPermissions). */
export type AccountAction = 'view' | 'edit' | 'submitPlan' | 'createDelete' | 'approvePlan' | 'clientSignOff';

export function accountActions(caller: PolicyCaller): AccountAction[] {
  const client = isClientOnly(caller.permissions);
  const out: AccountAction[] = ['view'];
  if (canCall(caller, REQUIRES.staff)) out.push('edit', 'submitPlan');
  if (canCall(caller, REQUIRES.accountCreateDelete)) out.push('createDelete');
  if (canCall(caller, REQUIRES.mediaPlanApprover)) out.push('approvePlan');
  if (client && canCall(caller, REQUIRES.clientZone)) out.push('clientSignOff');
  return out;
}

/** A plan version as the plan actions need it. */
export interface PlanVersion {
  readonly ID: number;
  readonly Status: VersionStatus;
  readonly ClientApprovedAt?: string | null;
  readonly ClientDeclinedAt?: string | null;
}

/** What the caller may do with a version of an activity's plan, given all its versions (newest first). */
export interface PlanActions {
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

export function planActions(
  caller: PolicyCaller | null | undefined,
  version: PlanVersion | null,
  versions: readonly PlanVersion[],
): PlanActions {
  const staff = canCall(caller, REQUIRES.staff);
  const client = !!caller && isClientOnly(caller.permissions) && canCall(caller, REQUIRES.clientZone);
  const approver = canCall(caller, REQUIRES.mediaPlanApprover);
  const status = version?.Status;
  // One Draft-or-Submitted version at a time; a new one starts from an Approved or Rejected version.
  const open = versions.some((v) => v.Status === VersionStatus.Draft || v.Status === VersionStatus.Submitted);
  // Clients answer the activity's latest approved version only.
  const latestApproved = versions.find((v) => v.Status === VersionStatus.Approved);
  const answerable =
    client &&
    !!version &&
    status === VersionStatus.Approved &&
    latestApproved?.ID === version.ID &&
    !version.ClientApprovedAt;
  return {
    edit: staff && status === VersionStatus.Draft,
    submit: staff && status === VersionStatus.Draft,
    approve: approver && status === VersionStatus.Submitted,
    reject: approver && status === VersionStatus.Submitted,
    newVersion: staff && !open && (status === VersionStatus.Approved || status === VersionStatus.Rejected),
    signOff: answerable,
    decline: answerable && !version?.ClientDeclinedAt,
    export: !!version,
    createPlan: staff && versions.length === 0,
  };
}
