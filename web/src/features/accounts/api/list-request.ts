import { getSession } from '../../../lib/auth';
import type { ListParams } from './accounts-api';
import { prefetchAccountsList } from './use-accounts-list';

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

/** What GetAccountsList is asked: the server-side filters (a date range the wrong way round reads no range). */
export const listParams = (parentId: number | null, filters: AccountsFilterValues, rangeOk: boolean): ListParams => ({
  mainAccountId: parentId ?? -1,
  fromDate: rangeOk && filters.fromDate ? filters.fromDate : null,
  toDate: rangeOk && filters.toDate ? filters.toDate : null,
  activityStatus: filters.activityStatus,
  status: filters.status,
});

const ACCOUNTS_PATH = /^\/accounts\/(?:(\d+)\/subAccounts\/)?list\/?$/i;

/**
 * Starts the grid's first read when the page being opened (`location`) is an accounts list, with the
 * filters the screen starts with. Its chunk holds no screen code, so the router's loader sends the
 * call while the screen's own chunks still load.
 */
export function prefetchAccounts(location: Pick<Location, 'pathname'>): void {
  const m = ACCOUNTS_PATH.exec(location.pathname);
  if (!m || !getSession()) return;
  prefetchAccountsList(listParams(m[1] ? Number(m[1]) : null, DEFAULT_FILTERS, true));
}
