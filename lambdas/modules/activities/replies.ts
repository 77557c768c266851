import type { ActivityStatus } from '../../shared/activity-status';
import type { Page, Stamped } from '../../shared/replies/reply';

/** Replies of ActivitiesService. */

/**
 * A campaign flight of a main account or of one of its sub-accounts (docs/domain.md), as the API
 * returns it: AccountId is always the MAIN account; Budget is net media in its currency (decimal).
 */
export interface ActivityView extends Stamped {
  ID: number;
  AccountId: number;
  SubAccountId: number | null;
  SubAccountName: string | null;
  Name: string;
  Objective: string;
  StartDate: string;
  EndDate: string;
  Budget: number;
  Status: ActivityStatus;
  /** Deleted (restorable). */
  Archived: boolean;
}

/** GetActivitiesList. */
export type ActivitiesPage = Page<ActivityView>;
