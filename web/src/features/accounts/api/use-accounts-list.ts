import type { Account } from '../../../lib/api-types';
import { useAllPages, type AllPagesState } from '../../../lib/use-all-pages';
import { fetchAccountsPage, type ListParams } from './accounts-api';

/** The first page is small so rows show at once; the rest follows in larger pages. */
export const FIRST_PAGE_SIZE = 100;
export const NEXT_PAGE_SIZE = 500;

export type AccountsListState = Omit<AllPagesState<Account>, 'setRows'>;

/** GetAccountsList with its filters, every page; a newer filter cancels the pages of the older one. */
export function useAccountsList(params: ListParams): AccountsListState {
  return useAllPages(JSON.stringify(params), (token, signal) =>
    fetchAccountsPage(params, token === null ? FIRST_PAGE_SIZE : NEXT_PAGE_SIZE, token, signal));
}
