import { useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { queryClient } from './query-client';

/** One page of a list call: its rows and the token of the next page (null: no more). */
export interface Page<T> {
  Items: T[];
  NextToken: string | null;
}

export interface EveryPageState<T> {
  rows: T[];
  /** Nothing to show yet. */
  loading: boolean;
  /** More pages are on their way (NextToken), or the list is being read again. */
  loadingMore: boolean;
  error: unknown;
  /** Reads the list again (the Reload button of a failed read). */
  reload: () => void;
}

/**
 * A list read through the query cache (TanStack Query, lib/query-client.ts) that follows NextToken
 * until the server has no more, so sorting and the quick filter see every row; the rows show from
 * the first page on. `key` names the read (queryKeyOf of the route and its filters, plus what sets
 * it apart from a one-page read of the same route): a new key is another read, and the pages of an
 * older one are cancelled once no screen shows it (the call's abort signal).
 */
export function useEveryPage<T>(
  key: readonly unknown[],
  fetchPage: (nextToken: string | null, signal: AbortSignal) => Promise<Page<T>>,
): EveryPageState<T> {
  const query = useInfiniteQuery(everyPageQuery(key, fetchPage));
  const { hasNextPage, isFetchingNextPage, isRefetching, isError, fetchNextPage, data, refetch } = query;

  // The next page is asked for as soon as one arrives, until there is none (or one fails: Reload goes on).
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !isError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isError, fetchNextPage]);

  const rows = useMemo(() => data?.pages.flatMap((p) => p.Items) ?? [], [data]);
  return {
    rows,
    loading: query.isPending,
    // A list read again after a write keeps its rows until the new ones are in, under the same bar.
    loadingMore: (hasNextPage && !isError) || isFetchingNextPage || isRefetching,
    error: query.error,
    reload: () => void refetch(),
  };
}

/** The infinite query of a paged list read (useEveryPage's, the payables'), for the hook and for a prefetch of its first page into the same cache entry. */
export function everyPageQuery<P extends Page<unknown>>(
  key: readonly unknown[],
  fetchPage: (nextToken: string | null, signal: AbortSignal) => Promise<P>,
) {
  return {
    queryKey: key,
    queryFn: ({ pageParam, signal }: { pageParam: string | null; signal: AbortSignal }) => fetchPage(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last: P) => last.NextToken ?? undefined,
  };
}

/** Puts a row the server answered after a write in place in the cached list `key` (useEveryPage), without reading it again. */
export function replaceRow<T extends { ID: number }>(key: readonly unknown[], row: T): void {
  queryClient.setQueriesData<InfiniteData<Page<T>>>({ queryKey: key, exact: true }, (data) =>
    data && Array.isArray(data.pages)
      ? { ...data, pages: data.pages.map((p) => ({ ...p, Items: p.Items.map((r) => (r.ID === row.ID ? row : r)) })) }
      : data,
  );
}
