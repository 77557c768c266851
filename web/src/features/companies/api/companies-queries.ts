import { useInfiniteQuery } from '@tanstack/react-query';
import { queryKeyOf } from '../../../lib/api-query';
import { queryClient } from '../../../lib/query-client';
import { fetchCompaniesPage, PAGE_SIZE, type CompanyView } from './companies-api';

export interface CompaniesList {
  rows: CompanyView[];
  loading: boolean;
  busy: boolean;
  error: unknown;
  hasMore: boolean;
  more: () => void;
  reload: () => void;
}

const companiesKey = () =>
  [...queryKeyOf('CompaniesService', 'GetCompaniesList', { pageSize: PAGE_SIZE, nextToken: null }), 'pages'] as const;

/** GetCompaniesList through the query cache, a page at a time ("More"). */
export function useCompaniesList(): CompaniesList {
  const q = useInfiniteQuery({
    queryKey: companiesKey(),
    queryFn: ({ pageParam, signal }) => fetchCompaniesPage(pageParam, signal),
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

/** After a company was made: the list is read again. */
export function companiesChanged(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: ['CompaniesService', 'GetCompaniesList'] });
}
