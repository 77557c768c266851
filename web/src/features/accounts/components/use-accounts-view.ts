import { useDeferredValue, useMemo, useState } from 'react';
import { pageOf, sortByKey, type SortState } from '../../../lib/table-rows';
import { useSettings } from '../../../lib/display/settings-store';
import { useLocaleAndDirection } from '../../../lib/display/use-locale';
import { getSession } from '../../../lib/auth';
import { prefetchAccountsList, useAccountsList } from '../api/use-accounts-list';
import { DEFAULT_FILTERS, type AccountsFilterValues } from './accounts-filters';
import { quickFilter, type SortKey } from './sort-rows';

/** What GetAccountsList is asked: the server-side filters (a date range the wrong way round reads no range). */
const listParams = (parentId: number | null, filters: AccountsFilterValues, rangeOk: boolean) => ({
  mainAccountId: parentId ?? -1,
  fromDate: rangeOk && filters.fromDate ? filters.fromDate : null,
  toDate: rangeOk && filters.toDate ? filters.toDate : null,
  activityStatus: filters.activityStatus,
  status: filters.status,
});

const ACCOUNTS_PATH = /^\/accounts\/(?:(\d+)\/subAccounts\/)?list\/?$/i;

/**
 * Starts the grid's first read when the page being opened (`location`) is an accounts list, with the
 * filters the screen starts with: the route's chunk calls this as soon as it is evaluated.
 */
export function prefetchAccounts(location: Pick<Location, 'pathname'>): void {
  const m = ACCOUNTS_PATH.exec(location.pathname);
  if (!m || !getSession()) return;
  prefetchAccountsList(listParams(m[1] ? Number(m[1]) : null, DEFAULT_FILTERS, true));
}

/**
 * The accounts the grid shows: read by the server-side filters (a date range the wrong way round
 * reads no range), then the quick filter, the sort and the page here.
 */
export function useAccountsView(parentId: number | null) {
  const { locale } = useLocaleAndDirection();
  const settings = useSettings();
  const [filters, setFilters] = useState<AccountsFilterValues>(DEFAULT_FILTERS);
  const [sort, setSort] = useState<SortState<SortKey>>({ key: 'Name', dir: 'asc' });
  const [page, setPage] = useState(0);
  const quick = useDeferredValue(filters.quick);
  const rangeOk = !(filters.fromDate && filters.toDate && filters.fromDate > filters.toDate);

  const list = useAccountsList(listParams(parentId, filters, rangeOk));

  const visible = useMemo(
    () => sortByKey(quickFilter(list.rows, quick), sort.key, sort.dir, locale),
    [list.rows, quick, sort, locale],
  );
  const pageSize = settings.gridPageSize;
  const shown = pageOf(visible, page, pageSize);

  return { filters, setFilters, sort, setSort, setPage, list, visible, pageSize, shown };
}
