import type { Day } from '../../shared/connector-platforms';

/** A live activity as the dashboards need it (projected). */
export interface LiveActivityRow {
  ID: number;
  AccountId: number;
  SubAccountId: number | null;
  Name: string;
  EndDate: string;
  /** The e-mail of the user who created it (Stamped.createdBy): the planner's "theirs". */
  createdBy: string;
}

/** What the dashboards need of storage; store.dynamodb.ts implements it. */
export interface DashboardStore {
  /** The company's live activities that end on or after `today`, with their end date and creator. */
  liveActivitiesWithOwner(companyId: number, today: Day): Promise<LiveActivityRow[]>;
}
