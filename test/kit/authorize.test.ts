import { authorize } from '../../lambdas/kit/authorize';
import { ForbiddenError } from '../../lambdas/core/errors';
import type { UserProfile } from '../../lambdas/modules/tenancy/profile-store';
import { grants, isClientOnly, Permission } from '../../lambdas/shared/permissions';
import { accessPermissions, maySeeAccount } from '../../lambdas/modules/tenancy/access';

const profile = (permissions: Permission[], extra: Partial<UserProfile> = {}): UserProfile => ({
  sub: 's',
  companyId: 1,
  email: 'a@b.test',
  name: 'A',
  roleId: 3,
  permissions,
  isSystemAdmin: false,
  accountAccess: 'all',
  status: 'active',
  createdAt: '',
  version: 1,
  ...extra,
});

describe('permissions', () => {
  it('Admin implies every company permission but not system admin', () => {
    for (const p of [
      Permission.GeneralSettings,
      Permission.AccountCreateDelete,
      Permission.MediaPlanApprover,
      Permission.ClientZone,
    ]) {
      expect(grants([Permission.Admin], p)).toBe(true);
    }
    expect(() => authorize(profile([Permission.Admin]), { systemAdmin: true })).toThrow(ForbiddenError);
  });

  it('a client-only user is refused staff routes; a client who is also staff is not', () => {
    expect(isClientOnly([Permission.ClientZone])).toBe(true);
    expect(isClientOnly([Permission.ClientZone, Permission.OperationalReports])).toBe(false);
    expect(() => authorize(profile([Permission.ClientZone]), { staff: true })).toThrow(/client users/);
    expect(() => authorize(profile([]), { staff: true })).not.toThrow();
  });

  it('anyOf needs at least one and names what is missing', () => {
    expect(() =>
      authorize(profile([Permission.OperationalReports]), { anyOf: [Permission.AccountCreateDelete] }),
    ).toThrow('Required permission missing: AccountCreateDelete');
    expect(() =>
      authorize(profile([Permission.AccountCreateDelete]), { anyOf: [Permission.AccountCreateDelete] }),
    ).not.toThrow();
  });

  it('account access covers a main account and its sub-accounts only', () => {
    const client = profile([Permission.ClientZone], { accountAccess: [7] });
    expect(maySeeAccount(client, { ID: 7, ParentId: null })).toBe(true);
    expect(maySeeAccount(client, { ID: 9, ParentId: 7 })).toBe(true);
    expect(maySeeAccount(client, { ID: 8, ParentId: null })).toBe(false);
    expect(maySeeAccount(client, { ID: 10, ParentId: 8 })).toBe(false);
  });

  it('tells the console what the caller may do in an account', () => {
    expect(accessPermissions(profile([Permission.ClientZone]))).toEqual(['view', 'clientSignOff']);
    expect(accessPermissions(profile([]))).toEqual(['view', 'edit', 'submitPlan']);
    expect(accessPermissions(profile([Permission.Admin]))).toEqual([
      'view',
      'edit',
      'submitPlan',
      'createDelete',
      'approvePlan',
    ]);
  });
});
