import type { ConflictError } from '../../core/errors';
import type { Stamped } from '../../aws/dynamodb/stamped';
import type { ListPage } from '../../aws/dynamodb/page-token';
import type { TransactItem } from '../../aws/dynamodb/transaction';
import type { ActivityStatus } from '../../shared/activity-status';
import type { AuditAction } from '../audit';

/**
 * A campaign flight of a main account, or of one of its sub-accounts (docs/domain.md). AccountId is
 * always the MAIN account; SubAccountId null or a sub-account of it. Budget is net media in the
 * main account's currency, kept as sent (decimal) and as integer minor units (BudgetMinor) for sums.
 */
export interface Activity extends Stamped {
  ID: number;
  AccountId: number;
  SubAccountId: number | null;
  Name: string;
  Objective: string;
  StartDate: string;
  EndDate: string;
  Budget: number;
  BudgetMinor: number;
  Status: ActivityStatus;
  /** Deleted (restorable): out of the lists, the totals and the date index. */
  Archived: boolean;
}

/** Which activities a list wants. Dates are inclusive; an activity matches when [Start, End] overlaps [fromDate, toDate]. */
export interface ActivityFilter {
  fromDate?: string;
  toDate?: string;
  /** One status; undefined = any. */
  status?: ActivityStatus;
  /** Only the activities booked on this sub-account. */
  subAccountId?: number;
}

/** What a totals query needs of each activity (projected, so the Query moves less). */
export type ActivityTotalsRow = Pick<Activity, 'ID' | 'AccountId' | 'SubAccountId' | 'Status' | 'BudgetMinor'>;

/** What one activity contributes to an account's totals (AccountActivityTotals in modules/tenancy/account-store.ts). */
export interface TotalsDelta {
  count: number;
  budgetMinor: number;
}

/** A change to the totals of one account, applied with an atomic ADD in the activity's transaction. */
export interface AccountTotalsChange extends TotalsDelta {
  accountId: number;
  /** The account must still be Active at commit time (it is where the activity is booked). */
  requireActive: boolean;
  conflict: ConflictError;
}

/** What an activity's write must also hold: the conditions its open plan version was checked under. */
export interface OpenPlanCondition {
  conditions: TransactItem[];
  conflict: Error;
}

/** What the activity rules need of storage; store.dynamodb.ts implements it. */
export interface ActivityStore {
  getActivity(companyId: number, id: number, consistent?: boolean): Promise<Activity | undefined>;
  /** One page of a main account's activities that match the filter, newest start first. */
  listActivitiesOfMain(
    companyId: number,
    mainAccountId: number,
    f: ActivityFilter,
    limit: number,
    archived?: boolean,
    nextToken?: string | null,
  ): Promise<ListPage<Activity>>;
  /** The earliest start of a main account's live activities. */
  earliestActivityStart(companyId: number, mainAccountId: number): Promise<string | undefined>;
  /** Every live activity of one main account (and its sub-accounts) that matches the filter. */
  activityTotalsOfMain(companyId: number, mainAccountId: number, f: ActivityFilter): Promise<ActivityTotalsRow[]>;
  /** Every live activity of the company that matches the filter. */
  activityTotalsOfCompany(companyId: number, f: ActivityFilter): Promise<ActivityTotalsRow[]>;
  /** An activity change with the totals of each account it counts in and its audit entry, all or nothing. */
  writeActivity(
    companyId: number,
    before: Activity | undefined,
    after: Activity,
    action: AuditAction,
    totals: AccountTotalsChange[],
    openPlan?: OpenPlanCondition,
  ): Promise<void>;
}
