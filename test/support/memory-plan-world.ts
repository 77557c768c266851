import type { output } from 'zod/mini';
import { DEFAULT_CONFIGURATION, type CompanyConfiguration } from '../../lambdas/modules/configurations/configurations';
import type { ApprovalTerms } from '../../lambdas/modules/media-plans/lifecycle';
import type { Account } from '../../lambdas/modules/tenancy/account-store';
import type { Activity } from '../../lambdas/modules/activities/store';
import type { UserProfile } from '../../lambdas/modules/tenancy/profile-store';
import { saveLine } from '../../lambdas/modules/media-plans/schemas/plans';
import { ActivityStatus } from '../../lambdas/shared/activity-status';
import { Permission, Role } from '../../lambdas/shared/permissions';
import type { PlanRate } from '../../lambdas/modules/media-plans/replies/plans';
import { MemoryMediaPlanStore } from './memory-media-plan-store';

/**
 * A company in an in-memory media plan store (test/support/memory-media-plan-store.ts) for the
 * domain's unit tests: a main account with one sub-account, an activity on the main account, the
 * account's copy of one channel type, and the users who plan, approve and answer as the client.
 * Nothing here touches DynamoDB.
 */
export const COMPANY_ID = 7;
export const MAIN_ID = 10;
export const SUB_ID = 11;
export const ACTIVITY_ID = 100;
export const COPY_ID = 500;
export const START = '2026-01-01';
export const END = '2026-02-28';

const stamp = {
  version: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  createdBy: 'seed@test',
  updatedAt: '2026-01-01T00:00:00.000Z',
  updatedBy: 'seed@test',
};

const user = (email: string, permissions: Permission[], roleId: Role): UserProfile => ({
  sub: email,
  companyId: COMPANY_ID,
  email,
  name: email,
  roleId,
  permissions,
  isSystemAdmin: false,
  accountAccess: 'all',
  status: 'active',
  createdAt: stamp.createdAt,
  version: 1,
});

export const planner = user('planner@test', [], Role.Planner);
export const approver = user('approver@test', [Permission.MediaPlanApprover], Role.MediaManager);
export const client = { ...user('client@test', [Permission.ClientZone], Role.Client), accountAccess: [MAIN_ID] };

export function account(id: number, parentId: number | null, name: string): Account {
  return {
    ID: id,
    Name: name,
    ParentId: parentId,
    Currency: 2,
    ApplyVat: true,
    ManagementFeePct: 10,
    ContactName: '',
    ContactEmail: '',
    Phone: '',
    PhoneE164: null,
    Website: '',
    Status: 'Active',
    ...stamp,
  };
}

export function activity(change: Partial<Activity> = {}): Activity {
  return {
    ID: ACTIVITY_ID,
    AccountId: MAIN_ID,
    SubAccountId: null,
    Name: 'Spring flight',
    Objective: '',
    StartDate: START,
    EndDate: END,
    Budget: 50_000,
    BudgetMinor: 5_000_000,
    Status: ActivityStatus.Planned,
    Archived: false,
    ...stamp,
    ...change,
  };
}

/** A store holding the company: its accounts, the activity (booked as `change` says) and the channel type copy. */
export function memoryCompany(change: Partial<Activity> = {}): MemoryMediaPlanStore {
  const store = new MemoryMediaPlanStore(COMPANY_ID);
  store.putAccount(account(MAIN_ID, null, 'Acme'));
  store.putAccount(account(SUB_ID, MAIN_ID, 'Acme Kids'));
  store.putActivity(activity(change));
  store.putChannelTypeCopies(MAIN_ID, [
    {
      ID: COPY_ID,
      AccountId: MAIN_ID,
      ChannelTypeId: 1,
      Name: 'Google Search',
      Group: 'Search',
      DefaultBuyType: 'CPC',
      ConnectorType: 'google_ads',
      ManagementFeePct: 10,
      SystemFeePct: 2,
      Active: true,
      DefaultVendorId: null,
      ...stamp,
    },
  ]);
  return store;
}

/** A SaveMediaChannel body (a new line unless `ID` is given), parsed as the route parses it. */
export function lineInput(versionId: number, fields: Record<string, unknown> = {}): output<typeof saveLine> {
  return saveLine.parse({
    mediaChannel: {
      ID: 0,
      MediaMixId: versionId,
      AccountChannelTypeId: COPY_ID,
      Name: 'Search',
      StartDate: START,
      EndDate: END,
      BuyType: 'CPM',
      UnitCost: 25,
      Budget: 1000,
      ManagementFeePct: 10,
      SystemFeePct: 0,
      ImageCreatives: 0,
      VideoCreatives: 0,
      ...fields,
    },
  });
}

/** What an approval reads besides the plan: the default configuration (four eyes on) and `rate` for any day. */
export function approvalTerms(
  rate: PlanRate | null = { Rate: 0.27, From: 'ILS', To: 'USD', Date: '2026-01-01' },
  config: Partial<CompanyConfiguration> = {},
): ApprovalTerms {
  return { configuration: async () => ({ ...DEFAULT_CONFIGURATION, ...config }), planRate: async () => rate };
}

/** The typed error a call threw, for assertions on its code, params and message. */
export async function refusal(
  call: Promise<unknown>,
): Promise<{ name: string; code?: string; params?: Record<string, unknown>; message: string }> {
  try {
    await call;
  } catch (err) {
    const e = err as { name: string; code?: string; params?: Record<string, unknown>; message: string };
    return { name: e.name, code: e.code, params: e.params, message: e.message };
  }
  throw new Error('expected the call to be refused');
}
