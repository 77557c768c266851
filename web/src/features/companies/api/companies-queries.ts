import { queryKeyOf } from '../../../lib/api-query';
import { usePagedList, type PagedList } from '../../../lib/paged-list';
import { queryClient } from '../../../lib/query-client';
import { fetchCompaniesPage, PAGE_SIZE, type CompanyView } from './companies-api';

const companiesKey = () =>
  [...queryKeyOf('CompaniesService', 'GetCompaniesList', { pageSize: PAGE_SIZE, nextToken: null }), 'pages'] as const;

/** GetCompaniesList through the query cache, a page at a time ("More"). */
export function useCompaniesList(): PagedList<CompanyView> {
  return usePagedList(companiesKey(), fetchCompaniesPage);
}

/** After a company was made: the list is read again. */
export function companiesChanged(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: ['CompaniesService', 'GetCompaniesList'] });
}
