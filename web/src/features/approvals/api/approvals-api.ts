import type { ApprovalInboxItem, ApprovalInboxPage, MyPlanItem, MyPlansPage } from '@server/modules/approvals/replies';
import { callApi } from '../../../lib/api-client';

export type { ApprovalInboxItem, ApprovalInboxPage, MyPlanItem, MyPlansPage };

export const PAGE_SIZE = 25;

/** The approvals lists are company-wide: no account in the path, so no x-account-id. */
export function fetchInboxPage(nextToken: string | null, signal?: AbortSignal) {
  return callApi('ApprovalsService', 'GetApprovalInbox', { pageSize: PAGE_SIZE, nextToken }, { signal });
}

export function fetchInboxCount(signal?: AbortSignal) {
  return callApi('ApprovalsService', 'GetApprovalInboxCount', {}, { signal });
}

export function fetchMyPlansPage(nextToken: string | null, signal?: AbortSignal) {
  return callApi('ApprovalsService', 'GetMyPlans', { pageSize: PAGE_SIZE, nextToken }, { signal });
}

/** The plan editor on one version (media-plan feature's route; `?version=` selects it). */
export const planEditorPath = (row: Pick<ApprovalInboxItem, 'AccountId' | 'ActivityId' | 'MediaMixId'>) =>
  `/accounts/${row.AccountId}/activities/${row.ActivityId}/mediaMix/list?version=${row.MediaMixId}`;
