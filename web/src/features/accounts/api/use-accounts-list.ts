import { queryKeyOf } from '../../../lib/api-query';
import type { Account } from '../../../lib/api-types';
import { everyPageQuery, useEveryPage, type EveryPageState } from '../../../lib/every-page';
import { queryClient } from '../../../lib/query-client';
import { fetchAccountsPage, type ListParams } from './accounts-api';
import { FIRST_PAGE_SIZE, NEXT_PAGE_SIZE } from './list-params';

export interface AccountsListState extends EveryPageState<Account> {
  /** After a write: every cached account list is read again when shown (this one at once). */
  changed: () => void;
}

/** Every cached read of GetAccountsList, whatever its filters and whoever reads it (the activity dialog's sub-account picker too). */
export function accountListsChanged(): void {
  void queryClient.invalidateQueries({ queryKey: ['AccountsService', 'GetAccountsList'] });
}

/** The cache key of GetAccountsList with its filters, every page: the route and the first page's input (queryKeyOf), then 'every page'. */
function listKey(params: ListParams) {
  const mainId = Number(params.mainAccountId ?? -1);
  return [
    ...queryKeyOf(
      'AccountsService',
      'GetAccountsList',
      { ...params, pageSize: FIRST_PAGE_SIZE, nextToken: null },
      mainId > 0 ? mainId : null,
    ),
    'every page',
  ] as const;
}

const fetchPage = (params: ListParams) => (token: string | null, signal: AbortSignal) =>
  fetchAccountsPage(params, token === null ? FIRST_PAGE_SIZE : NEXT_PAGE_SIZE, token, signal);

/**
 * GetAccountsList with its filters, every page, in the query cache (listKey). Another filter is
 * another read.
 */
export function useAccountsList(params: ListParams): AccountsListState {
  const list = useEveryPage<Account>(listKey(params), fetchPage(params));
  return { ...list, changed: accountListsChanged };
}

/**
 * Asks for the list's first page into the cache, where useAccountsList finds it: called when the
 * route's chunk arrives, so the call runs while React still renders the layout.
 */
export function prefetchAccountsList(params: ListParams): void {
  void queryClient.prefetchInfiniteQuery(everyPageQuery(listKey(params), fetchPage(params)));
}
