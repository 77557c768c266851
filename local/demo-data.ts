import { Permission, Role } from '../lambdas/shared/permissions';

/** The demo world that `npm start` seeds (printed at start; README lists it too). */
export const DEMO_PASSWORD = 'Mixdesk-demo-2026!';

export const DEMO_COMPANIES = [
  { companyId: 1, Name: 'Demo Agency', Logo: '', DefaultLocale: 'he' as const },
  { companyId: 2, Name: 'Other Agency', Logo: '', DefaultLocale: 'en' as const },
];

/** Main accounts with their sub-accounts, per company. Currency 1 USD, 2 ILS. */
export const DEMO_ACCOUNTS: Record<
  number,
  { Name: string; Currency: 1 | 2; ManagementFeePct: number; subs: string[] }[]
> = {
  1: [
    { Name: 'Hadar Insurance', Currency: 2, ManagementFeePct: 15, subs: ['Hadar Car', 'Hadar Home'] },
    { Name: 'Galil Foods', Currency: 2, ManagementFeePct: 12.5, subs: ['Galil Dairy', 'Galil Snacks'] },
    { Name: 'Sunrise Travel', Currency: 2, ManagementFeePct: 10, subs: [] },
    { Name: 'TechNova', Currency: 1, ManagementFeePct: 8, subs: ['TechNova EMEA'] },
  ],
  2: [{ Name: 'Other Client Ltd', Currency: 1, ManagementFeePct: 10, subs: ['Other Client Retail'] }],
};

export interface DemoUser {
  email: string;
  name: string;
  companyId: number;
  roleId: Role;
  permissions: Permission[];
  isSystemAdmin: boolean;
  /** 'all', or the names of the main accounts the user may see (ids are allocated at seed time). */
  accounts: 'all' | string[];
}

export const DEMO_USERS: DemoUser[] = [
  {
    email: 'admin@demo.mixdesk.test',
    name: 'Dana Admin',
    companyId: 1,
    roleId: Role.Administrator,
    permissions: [Permission.Admin],
    isSystemAdmin: true,
    accounts: 'all',
  },
  {
    email: 'planner@demo.mixdesk.test',
    name: 'Paz Planner',
    companyId: 1,
    roleId: Role.Planner,
    permissions: [],
    isSystemAdmin: false,
    accounts: 'all',
  },
  {
    email: 'approver@demo.mixdesk.test',
    name: 'Avi Approver',
    companyId: 1,
    roleId: Role.MediaManager,
    permissions: [Permission.MediaPlanApprover, Permission.AccountCreateDelete, Permission.OperationalReports],
    isSystemAdmin: false,
    accounts: 'all',
  },
  {
    email: 'analyst@demo.mixdesk.test',
    name: 'Noa Analyst',
    companyId: 1,
    roleId: Role.Analyst,
    permissions: [Permission.OperationalReports, Permission.ManagementReports],
    isSystemAdmin: false,
    accounts: 'all',
  },
  {
    email: 'client@demo.mixdesk.test',
    name: 'Carmel Client',
    companyId: 1,
    roleId: Role.Client,
    permissions: [Permission.ClientZone],
    isSystemAdmin: false,
    accounts: ['Hadar Insurance'],
  },
  {
    email: 'admin@other.mixdesk.test',
    name: 'Omer Other',
    companyId: 2,
    roleId: Role.Administrator,
    permissions: [Permission.Admin],
    isSystemAdmin: false,
    accounts: 'all',
  },
];
