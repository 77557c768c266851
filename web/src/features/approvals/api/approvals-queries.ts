import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiQuery, queryKeyOf } from '../../../lib/api-query';
import {
  fetchInboxCount,
  fetchInboxPage,
  fetchMyPlansPage,
  PAGE_SIZE,
  type ApprovalInboxItem,
  type MyPlanItem,
} from './approvals-api';

/** What a paged list screen needs of its query. */
export interface PagedList<T> {
  rows: T[];
  loading: boolean;
  busy: boolean;
  error: unknown;
  hasMore: boolean;
  more: () => void;
  reload: () => void;
}

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
  const q = useInfiniteQuery({
    queryKey: inboxKey,
    queryFn: ({ pageParam, signal }) => fetchInboxPage(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.NextToken ?? undefined,
    refetchInterval: REFRESH_MS,
  });
  return {
    rows: q.data?.pages.flatMap((p) => p.Items) ?? [],
    loading: q.isPending,
    busy: q.isFetching,
    error: q.error,
    hasMore: q.hasNextPage,
    more: () => void q.fetchNextPage(),
    reload: () => void q.refetch(),
  };
}

/** GetMyPlans a page at a time. */
export function useMyPlans(): PagedList<MyPlanItem> {
  const q = useInfiniteQuery({
    queryKey: myPlansKey,
    queryFn: ({ pageParam, signal }) => fetchMyPlansPage(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.NextToken ?? undefined,
  });
  return {
    rows: q.data?.pages.flatMap((p) => p.Items) ?? [],
    loading: q.isPending,
    busy: q.isFetching,
    error: q.error,
    hasMore: q.hasNextPage,
    more: () => void q.fetchNextPage(),
    reload: () => void q.refetch(),
  };
}

/** The menu badge: how many versions wait (0 while unknown; a failure shows no badge). */
export function useInboxCount(): number {
  const q = useQuery({
    ...apiQuery(queryKeyOf('ApprovalsService', 'GetApprovalInboxCount', {}), (signal) => fetchInboxCount(signal)),
    refetchInterval: REFRESH_MS,
  });
  return q.data?.Count ?? 0;
}
