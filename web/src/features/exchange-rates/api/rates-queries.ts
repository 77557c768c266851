import { queryKeyOf } from '../../../lib/api-query';
import { usePagedList, type PagedList } from '../../../lib/paged-list';
import { queryClient } from '../../../lib/query-client';
import { fetchRatesPage, PAGE_SIZE, type ExchangeRateView, type RatesFilter } from './exchange-rates-api';

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
export function useRatesList(filter: RatesFilter): PagedList<ExchangeRateView> {
  return usePagedList(ratesKey(filter), (nextToken, signal) => fetchRatesPage(filter, nextToken, signal));
}

/** After a write (save, delete, import): every cached rates list is read again when shown (the one on screen at once). */
export function ratesChanged(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: ['ExchangeRatesService', 'GetExchangeRatesList'] });
}
