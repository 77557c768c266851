import type { ListParams } from './accounts-api';

/** The grid's filters; the quick filter applies in the page, the others go to GetAccountsList. */
export interface AccountsFilterValues {
  quick: string;
  fromDate: string;
  toDate: string;
  activityStatus: number;
  status: 'active' | 'archived';
}

export const DEFAULT_FILTERS: AccountsFilterValues = {
  quick: '',
  fromDate: '',
  toDate: '',
  activityStatus: -1,
  status: 'active',
};

/** The first page is small so rows show at once; the rest follows in larger pages. */
export const FIRST_PAGE_SIZE = 100;
export const NEXT_PAGE_SIZE = 500;

/** What GetAccountsList is asked: the server-side filters (a date range the wrong way round reads no range). */
export const listParams = (parentId: number | null, filters: AccountsFilterValues, rangeOk: boolean): ListParams => ({
  mainAccountId: parentId ?? -1,
  fromDate: rangeOk && filters.fromDate ? filters.fromDate : null,
  toDate: rangeOk && filters.toDate ? filters.toDate : null,
  activityStatus: filters.activityStatus,
  status: filters.status,
});

/** An accounts list's address: the main accounts, or (group 1) a main account's sub-accounts. */
export const ACCOUNTS_PATH = /^\/accounts\/(?:(\d+)\/subAccounts\/)?list\/?$/i;
