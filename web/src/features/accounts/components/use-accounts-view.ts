import { useDeferredValue, useMemo, useState } from 'react';
import { pageOf, sortByKey, type SortState } from '../../../lib/table-rows';
import { useSettings } from '../../../lib/display/settings-store';
import { useLocaleAndDirection } from '../../../lib/display/use-locale';
import { useAccountsList } from '../api/use-accounts-list';
import { DEFAULT_FILTERS, listParams, type AccountsFilterValues } from '../api/list-params';
import { FIRST_SORT } from './account-cells';
import { quickFilter, type SortKey } from './sort-rows';

/**
 * The accounts the grid shows: read by the server-side filters (a date range the wrong way round
 * reads no range), then the quick filter, the sort and the page here.
 */
export function useAccountsView(parentId: number | null) {
  const { locale } = useLocaleAndDirection();
  const settings = useSettings();
  const [filters, setFilters] = useState<AccountsFilterValues>(DEFAULT_FILTERS);
  const [sort, setSort] = useState<SortState<SortKey>>(FIRST_SORT);
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
