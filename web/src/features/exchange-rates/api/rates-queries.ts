import { useInfiniteQuery } from '@tanstack/react-query';
import { queryKeyOf } from '../../../lib/api-query';
import { queryClient } from '../../../lib/query-client';
import { fetchRatesPage, PAGE_SIZE, type ExchangeRateView, type RatesFilter } from './exchange-rates-api';

export interface RatesList {
  rows: ExchangeRateView[];
  /** Nothing to show yet. */
  loading: boolean;
  /** A read is on its way (the next page, or the list again after a write). */
  busy: boolean;
  error: unknown;
  hasMore: boolean;
  more: () => void;
  reload: () => void;
}

/** The cache key of the list with its filters: GetExchangeRatesList's first page (queryKeyOf), then 'pages'. */
const ratesKey = (filter: RatesFilter) =>
  [
    ...queryKeyOf('ExchangeRatesService', 'GetExchangeRatesList', { ...filter, pageSize: PAGE_SIZE, nextToken: null }),
    'pages',
  ] as const;

/**
 * GetExchangeRatesList with its filters through the query cache, a page at a time: rates pile up
 * (a few a day for years), so the next page is read when the user asks ("More"), not all at once.
 * Another filter is another read; the older one is cancelled through the call's abort signal.
 */
export function useRatesList(filter: RatesFilter): RatesList {
  const q = useInfiniteQuery({
    queryKey: ratesKey(filter),
    queryFn: ({ pageParam, signal }) => fetchRatesPage(filter, pageParam, signal),
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

/** After a write (save, delete, import): every cached rates list is read again when shown (the one on screen at once). */
export function ratesChanged(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: ['ExchangeRatesService', 'GetExchangeRatesList'] });
}
