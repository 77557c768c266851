import { ROUTES } from '../../lambdas/manifest';
import { Permission } from '../../lambdas/shared/permissions';
import {
  accountActions,
  canCall,
  planActions,
  refusalOf,
  REQUIRES,
  type PolicyCaller,
} from '../../lambdas/shared/policy';
import { VersionStatus } from '../../lambdas/shared/version-status';

/**
 * One policy (shared/policy.ts) for the API and the console: routes and screens name their
 * requirement from REQUIRES, and the kit, the menu, the guards and the plan buttons all evaluate it
 * with the same functions.
 */
const who = (permissions: Permission[], isSystemAdmin = false): PolicyCaller => ({ permissions, isSystemAdmin });
const admin = who([Permission.Admin]);
const planner = who([]);
const approver = who([Permission.MediaPlanApprover]);
const client = who([Permission.ClientZone]);
const clientAndAnalyst = who([Permission.ClientZone, Permission.OperationalReports]);
const operator = who([], true);

describe('the shared policy', () => {
  it('every route states one of the named requirements (the console screens: web/src/lib/authorization.test.ts)', () => {
    const named = new Set<unknown>(Object.values(REQUIRES));
    for (const r of ROUTES)
      expect([`${r.service}.${r.method}`, named.has(r.requires)]).toEqual([`${r.service}.${r.method}`, true]);
  });

  it.each([
    [
      'admin',
      admin,
      [
        'signedIn',
        'staff',
        'generalSettings',
        'accountCreateDelete',
        'mediaPlanApprover',
        'clientZone',
        'operationalReports',
        'managementReports',
        'managementStaff',
        'reports',
        'admin',
      ],
    ],
    ['planner', planner, ['signedIn', 'staff']],
    ['approver', approver, ['signedIn', 'staff', 'mediaPlanApprover']],
    ['client', client, ['signedIn', 'clientZone']],
    [
      'client who is also an analyst (staff)',
      clientAndAnalyst,
      ['signedIn', 'staff', 'clientZone', 'operationalReports', 'reports'],
    ],
    // Billable statements are read with either report permission (BillingService).
    [
      'manager with management reports only',
      who([Permission.ManagementReports]),
      ['signedIn', 'staff', 'managementReports', 'managementStaff', 'reports'],
    ],
    ['system operator without company permissions', operator, ['signedIn', 'staff', 'systemAdmin']],
  ] as const)('%s may call exactly these', (_who, caller, allowed) => {
    const got = Object.entries(REQUIRES)
      .filter(([, req]) => canCall(caller, req))
      .map(([name]) => name);
    expect(got.sort()).toEqual([...allowed].sort());
  });

  it('a refusal names what is missing, as the 403 does', () => {
    expect(refusalOf(client, REQUIRES.staff)).toEqual({ code: 'CLIENT_READ_ONLY' });
    expect(refusalOf(planner, REQUIRES.generalSettings)).toEqual({
      code: 'PERMISSION_MISSING',
      permission: 'GeneralSettings',
    });
    expect(refusalOf(admin, REQUIRES.systemAdmin)).toEqual({ code: 'PERMISSION_MISSING', permission: 'SystemAdmin' });
    expect(canCall(null, REQUIRES.signedIn)).toBe(false);
  });

  it('account actions follow the same requirements', () => {
    expect(accountActions(approver)).toEqual(['view', 'edit', 'submitPlan', 'approvePlan']);
    expect(accountActions(client)).toEqual(['view', 'clientSignOff']);
    expect(accountActions(admin)).toEqual(['view', 'edit', 'submitPlan', 'createDelete', 'approvePlan']);
  });

  it('plan actions: staff edit and submit a Draft, approvers answer a Submitted one, clients the latest Approved one', () => {
    const draft = { ID: 2, Status: VersionStatus.Draft };
    const submitted = { ID: 2, Status: VersionStatus.Submitted };
    const approved = { ID: 1, Status: VersionStatus.Approved, ClientApprovedAt: null, ClientDeclinedAt: null };
    expect(planActions(planner, draft, [draft, approved])).toMatchObject({
      edit: true,
      submit: true,
      approve: false,
      newVersion: false,
    });
    expect(planActions(approver, submitted, [submitted, approved])).toMatchObject({
      approve: true,
      reject: true,
      edit: false,
    });
    expect(planActions(planner, submitted, [submitted, approved])).toMatchObject({ approve: false, reject: false });
    expect(planActions(client, approved, [approved])).toMatchObject({
      signOff: true,
      decline: true,
      edit: false,
      newVersion: false,
    });
    expect(planActions(client, approved, [{ ID: 3, Status: VersionStatus.Approved }, approved])).toMatchObject({
      signOff: false,
    });
    expect(planActions(planner, approved, [approved])).toMatchObject({ newVersion: true, signOff: false });
    expect(planActions(planner, null, [])).toMatchObject({ createPlan: true, export: false });
  });
});
