import { useInfiniteQuery, type QueryKey } from '@tanstack/react-query';
import type { Page } from '@server/shared/replies/reply';

/** What a paged list screen needs of its query. */
export interface PagedList<T> {
  rows: T[];
  /** Nothing to show yet. */
  loading: boolean;
  /** A read is on its way (the next page, or the list again after a write). */
  busy: boolean;
  error: unknown;
  hasMore: boolean;
  more: () => void;
  reload: () => void;
}

/**
 * A list read through the query cache a page at a time, the next one when the user asks ("More"):
 * `key` names the list (the route's first page, then 'pages'), `fetchPage` reads the page a token
 * points at (null: the first), cancelled through its signal when the list is no longer wanted.
 */
export function usePagedList<T>(
  key: QueryKey,
  fetchPage: (nextToken: string | null, signal: AbortSignal) => Promise<Page<T>>,
  options: { refetchInterval?: number } = {},
): PagedList<T> {
  const q = useInfiniteQuery({
    queryKey: key,
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.NextToken ?? undefined,
    ...options,
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
