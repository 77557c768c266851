import { useQuery } from '@tanstack/react-query';
import { apiQuery, queryKeyOf } from '../../../lib/api-query';
import { usePagedList, type PagedList } from '../../../lib/paged-list';
import {
  fetchInboxCount,
  fetchInboxPage,
  fetchMyPlansPage,
  PAGE_SIZE,
  type ApprovalInboxItem,
  type MyPlanItem,
} from './approvals-api';

const inboxKey = [
  ...queryKeyOf('ApprovalsService', 'GetApprovalInbox', { pageSize: PAGE_SIZE, nextToken: null }),
  'pages',
] as const;
const myPlansKey = [
  ...queryKeyOf('ApprovalsService', 'GetMyPlans', { pageSize: PAGE_SIZE, nextToken: null }),
  'pages',
] as const;

/** How often the badge and the lists ask again while shown: a submission elsewhere shows up within a minute. */
export const REFRESH_MS = 60_000;

/** GetApprovalInbox a page at a time ("More"); read again every minute while shown. */
export function useApprovalInbox(): PagedList<ApprovalInboxItem> {
  return usePagedList(inboxKey, fetchInboxPage, { refetchInterval: REFRESH_MS });
}

/** GetMyPlans a page at a time. */
export function useMyPlans(): PagedList<MyPlanItem> {
  return usePagedList(myPlansKey, fetchMyPlansPage);
}

/** The menu badge: how many versions wait (0 while unknown; a failure shows no badge). */
export function useInboxCount(): number {
  const q = useQuery({
    ...apiQuery(queryKeyOf('ApprovalsService', 'GetApprovalInboxCount', {}), (signal) => fetchInboxCount(signal)),
    refetchInterval: REFRESH_MS,
  });
  return q.data?.Count ?? 0;
}
