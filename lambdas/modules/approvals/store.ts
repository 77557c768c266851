import type { ListPage } from '../../aws/dynamodb/page-token';
import type { Activity } from '../activities';
import type { PlanVersion } from '../media-plans';

/** 'all', or the main accounts the caller may see. */
export type AccountFilter = 'all' | readonly number[];

/** What the approvals lists need of storage; store.dynamodb.ts implements it. */
export interface ApprovalStore {
  /** One page of the company's Submitted versions the caller may see, longest waiting first. */
  listSubmittedVersions(
    companyId: number,
    accounts: AccountFilter,
    limit: number,
    nextToken?: string | null,
  ): Promise<ListPage<PlanVersion>>;
  /** How many Submitted versions the caller may see (the menu's badge). */
  countSubmittedVersions(companyId: number, accounts: AccountFilter): Promise<number>;
  /** Every Submitted version of one author, oldest submission first. */
  listSubmittedVersionsOf(companyId: number, author: string, accounts: AccountFilter): Promise<PlanVersion[]>;
  /** One page of an author's versions that are not waiting for approval, the latest status change first. */
  listAuthorVersions(
    companyId: number,
    author: string,
    accounts: AccountFilter,
    limit: number,
    nextToken?: string | null,
  ): Promise<ListPage<PlanVersion>>;
  /** Several activities by id; unknown ids are absent. */
  getActivitiesByIds(companyId: number, ids: readonly number[]): Promise<Activity[]>;
}
