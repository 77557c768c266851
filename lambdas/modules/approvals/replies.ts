import type { VersionStatus } from '../../shared/version-status';
import type { Page } from '../../shared/replies/reply';

/**
 * Replies of ApprovalsService: the approvals inbox ("To approve") and a planner's "My plans".
 * People are named (their profile's name; the e-mail only when no profile names them). Money
 * is decimal in the account's currency.
 */

/** Where a version belongs and what it plans, as both lists show it. */
export interface PlanVersionRow {
  MediaMixId: number;
  /** The plan version's number, and its name. */
  Version: number;
  Name: string;
  Status: VersionStatus;
  StatusName: string;
  ActivityId: number;
  ActivityName: string;
  /** The activity's MAIN account (the page the plan editor opens on) and the sub-account it is booked on. */
  AccountId: number;
  AccountName: string;
  SubAccountId: number | null;
  SubAccountName: string | null;
  Currency: 1 | 2;
  CurrencyCode: string;
  /** Net media, and the total with fees and VAT (today's pricing; an approved version's own); null when out of range. */
  Net: number | null;
  Total: number | null;
  /** The activity's budget, and by how much the net exceeds it (null: within it, or unknown). */
  ActivityBudget: number;
  OverBudgetBy: number | null;
  SubmittedAt: string | null;
  SubmittedByName: string | null;
}

/** GetApprovalInbox: a Submitted version waiting for an approver. */
export interface ApprovalInboxItem extends PlanVersionRow {
  SubmittedAt: string;
  /** Whole days since it was submitted, in the company's calendar (0 = submitted today). */
  DaysWaiting: number;
  /** The submitter confirmed sending it over the budget (SubmitMediaMix with confirmOverBudget). */
  OverBudgetConfirmed: boolean;
}

/** GetApprovalInbox: longest waiting first. */
export type ApprovalInboxPage = Page<ApprovalInboxItem>;

/** GetApprovalInboxCount: the menu badge. */
export interface ApprovalInboxCount {
  Count: number;
}

/** GetMyPlans: one of the caller's versions (created, or submitted by them). */
export interface MyPlanItem extends PlanVersionRow {
  /** When it last changed status (created, submitted, approved or rejected, answered by the client). */
  LastChangeAt: string;
  ApprovedAt: string | null;
  ApprovedByName: string | null;
  RejectedAt: string | null;
  RejectedByName: string | null;
  RejectReason: string | null;
  ClientApprovedAt: string | null;
  ClientApprovedByName: string | null;
  ClientDeclinedAt: string | null;
  ClientDeclinedByName: string | null;
  ClientDeclinedComment: string | null;
}

/** GetMyPlans: the versions waiting for approval first, then the rest, latest change first. */
export type MyPlansPage = Page<MyPlanItem>;
