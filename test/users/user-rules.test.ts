import {
  NO_GRANT,
  normaliseAccess,
  normalisePermissions,
  refusalOfChange,
  type Actor,
  type Grant,
  type Target,
} from '../../lambdas/modules/users/rules';
import { Permission as P } from '../../lambdas/shared/permissions';

/** Who may give whom what, as a table: actor, target (null = an invitation), the change, other active Admins → the answer. */
const admin: Actor = {
  sub: 'admin',
  permissions: [P.Admin],
  accountAccess: 'all',
  isSystemAdmin: false,
  status: 'active',
};
const sysAdmin: Actor = { ...admin, sub: 'sys', isSystemAdmin: true };
const settings: Actor = {
  sub: 'settings',
  permissions: [P.GeneralSettings],
  accountAccess: 'all',
  isSystemAdmin: false,
  status: 'active',
};
const limited: Actor = {
  sub: 'limited',
  permissions: [P.GeneralSettings, P.ClientZone],
  accountAccess: [7, 8],
  isSystemAdmin: false,
  status: 'active',
};

const user = (sub: string, g: Partial<Grant> = {}): Target => ({ sub, ...NO_GRANT, ...g });
const planner = user('planner');
const otherAdmin = user('admin2', { permissions: [P.Admin], accountAccess: 'all' });
const selfAdmin: Target = { ...admin };
const grant = (t: Target | null, g: Partial<Grant>): Grant => ({ ...(t ?? NO_GRANT), ...g });

type Row = [string, Actor, Target | null, Grant, number, string | null];
const table: Row[] = [
  ['admin invites a planner', admin, null, grant(null, { accountAccess: [1] }), 0, null],
  ['admin invites another Admin', admin, null, grant(null, { permissions: [P.Admin], accountAccess: 'all' }), 0, null],
  ['settings manager invites a planner', settings, null, grant(null, { accountAccess: 'all' }), 0, null],
  [
    'settings manager cannot grant MediaPlanApprover',
    settings,
    null,
    grant(null, { permissions: [P.MediaPlanApprover] }),
    0,
    'CANNOT_GRANT:MediaPlanApprover',
  ],
  [
    'settings manager cannot grant Admin',
    settings,
    planner,
    grant(planner, { permissions: [P.Admin] }),
    0,
    'CANNOT_GRANT:Admin',
  ],
  [
    'settings manager may pass on GeneralSettings',
    settings,
    planner,
    grant(planner, { permissions: [P.GeneralSettings] }),
    0,
    null,
  ],
  [
    'only system admins set isSystemAdmin',
    admin,
    planner,
    grant(planner, { isSystemAdmin: true }),
    0,
    'CANNOT_GRANT:SystemAdmin',
  ],
  ['a system admin sets isSystemAdmin', sysAdmin, planner, grant(planner, { isSystemAdmin: true }), 0, null],
  [
    'an Admin cannot take isSystemAdmin away either',
    admin,
    user('ops', { isSystemAdmin: true }),
    grant(user('ops'), {}),
    1,
    'USER_OUTRANKS:SystemAdmin',
  ],
  [
    'settings manager cannot demote the Admin',
    settings,
    otherAdmin,
    grant(otherAdmin, { permissions: [] }),
    1,
    'USER_OUTRANKS:Admin',
  ],
  [
    'settings manager cannot disable the Admin',
    settings,
    otherAdmin,
    grant(otherAdmin, { status: 'disabled' }),
    1,
    'USER_OUTRANKS:Admin',
  ],
  [
    'nobody raises their own permissions',
    settings,
    { ...settings },
    grant(settings, { permissions: [P.GeneralSettings, P.OperationalReports] }),
    0,
    'CANNOT_RAISE_OWN',
  ],
  [
    'nor their own account access',
    limited,
    { ...limited },
    grant(limited, { accountAccess: [7, 8, 9] }),
    0,
    'CANNOT_RAISE_OWN',
  ],
  ['nor to all accounts', limited, { ...limited }, grant(limited, { accountAccess: 'all' }), 0, 'CANNOT_RAISE_OWN'],
  [
    "lowering one's own permissions is allowed",
    settings,
    { ...settings },
    grant(settings, { permissions: [] }),
    0,
    null,
  ],
  [
    'an Admin keeping Admin and adding a listed permission is no raise',
    admin,
    selfAdmin,
    grant(admin, { permissions: [P.Admin, P.ClientZone] }),
    0,
    null,
  ],
  ['nobody disables themselves', admin, selfAdmin, grant(admin, { status: 'disabled' }), 3, 'CANNOT_DISABLE_SELF'],
  [
    'the last Admin cannot demote themselves',
    admin,
    selfAdmin,
    grant(admin, { permissions: [P.GeneralSettings] }),
    0,
    'LAST_ADMIN',
  ],
  [
    'with another active Admin, they can',
    admin,
    selfAdmin,
    grant(admin, { permissions: [P.GeneralSettings] }),
    1,
    null,
  ],
  [
    'the last Admin cannot be disabled',
    sysAdmin,
    otherAdmin,
    grant(otherAdmin, { status: 'disabled' }),
    0,
    'LAST_ADMIN',
  ],
  ['an Admin disables another while one stays', admin, otherAdmin, grant(otherAdmin, { status: 'disabled' }), 1, null],
  [
    'a disabled Admin is not the one that counts',
    admin,
    user('old', { permissions: [P.Admin], status: 'disabled' }),
    grant(user('old', { permissions: [P.Admin], status: 'disabled' }), { permissions: [] }),
    0,
    null,
  ],
  [
    'limited access grants only accounts it sees',
    limited,
    null,
    grant(null, { accountAccess: [7, 9] }),
    0,
    'CANNOT_GRANT_ACCOUNT:9',
  ],
  [
    'limited access cannot grant all accounts',
    limited,
    null,
    grant(null, { accountAccess: 'all' }),
    0,
    'CANNOT_GRANT_ACCOUNT:all',
  ],
  [
    'limited access grants ClientZone it holds on its accounts',
    limited,
    null,
    grant(null, { permissions: [P.ClientZone], accountAccess: [8] }),
    0,
    null,
  ],
  [
    'limited access cannot manage a user who sees more',
    limited,
    user('wide', { accountAccess: 'all' }),
    grant(user('wide', { accountAccess: 'all' }), { status: 'disabled' }),
    0,
    'CANNOT_GRANT_ACCOUNT:all',
  ],
  [
    'keeping accounts one cannot see is not granting them',
    admin,
    user('c', { accountAccess: [3] }),
    grant(user('c', { accountAccess: [3] }), { name: 'x' } as Partial<Grant>),
    0,
    null,
  ],
];

describe('refusalOfChange', () => {
  it.each(table)('%s', (_name, actor, target, after, others, expected) => {
    const r = refusalOfChange(actor, target, after, others);
    const got =
      r === null
        ? null
        : [r.code, 'permission' in r ? r.permission : 'accountId' in r ? String(r.accountId) : '']
            .filter(Boolean)
            .join(':');
    expect(got).toBe(expected);
  });
});

describe('normalisation', () => {
  it('keeps each permission once, without None, in order', () => {
    expect(normalisePermissions([6, 2, 6, 0, 4])).toEqual([
      P.GeneralSettings,
      P.OperationalReports,
      P.MediaPlanApprover,
    ]);
  });
  it('keeps each account once, in order; all stays all', () => {
    expect(normaliseAccess([9, 3, 9])).toEqual([3, 9]);
    expect(normaliseAccess('all')).toBe('all');
  });
});
