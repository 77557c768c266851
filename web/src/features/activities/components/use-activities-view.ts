import { useDeferredValue, useMemo, useState } from 'react';
import { nextSort, pageOf, sortByKey, type SortState } from '../../../lib/table-rows';
import { updateSettings, useSettings } from '../../../lib/display/settings-store';
import { useLocaleAndDirection } from '../../../lib/display/use-locale';
import { useActivitiesList } from '../api/use-activities-list';
import { DEFAULT_ACTIVITY_FILTERS, type ActivitiesFilterValues } from './activities-filters';
import type { ActivitySortKey } from './activities-table';

/**
 * The activities the grid shows: read by the server-side filters (a date range the wrong way round
 * reads no range), then the quick filter (name, objective, sub-account), the sort and the page here.
 */
export function useActivitiesView(scopeId: number) {
  const { locale } = useLocaleAndDirection();
  const settings = useSettings();
  const [filters, setFilters] = useState<ActivitiesFilterValues>(DEFAULT_ACTIVITY_FILTERS);
  const [sort, setSort] = useState<SortState<ActivitySortKey>>({ key: 'StartDate', dir: 'desc' });
  const [page, setPage] = useState(0);
  const quick = useDeferredValue(filters.quick);
  const rangeOk = !(filters.fromDate && filters.toDate && filters.fromDate > filters.toDate);

  const list = useActivitiesList(
    {
      accountId: scopeId,
      fromDate: rangeOk && filters.fromDate ? filters.fromDate : null,
      toDate: rangeOk && filters.toDate ? filters.toDate : null,
      activityStatus: filters.activityStatus,
      archived: filters.archived,
    },
    scopeId,
  );

  const visible = useMemo(() => {
    const q = quick.trim().toLocaleLowerCase();
    const rows = q
      ? list.rows.filter((a) =>
          [a.Name, a.Objective, a.SubAccountName ?? ''].some((v) => (v ?? '').toLocaleLowerCase().includes(q)),
        )
      : list.rows.slice();
    return sortByKey(rows, sort.key, sort.dir, locale, 'desc'); // equal rows: newest (highest ID) first
  }, [list.rows, quick, sort, locale]);
  const pageSize = settings.gridPageSize;
  const shown = pageOf(visible, page, pageSize);

  /** A new filter, page size or sort starts again from the first page. */
  const changeFilters = (v: ActivitiesFilterValues) => {
    setFilters(v);
    setPage(0);
  };
  // The paging and sorting props of the grid.
  const grid = {
    rows: shown.rows,
    total: visible.length,
    loading: list.loading,
    page: shown.page,
    pageSize,
    onPage: setPage,
    onPageSize: (n: number) => {
      updateSettings({ gridPageSize: n });
      setPage(0);
    },
    sort,
    onSort: (key: ActivitySortKey) => {
      setSort((s) => nextSort(s, key));
      setPage(0);
    },
  };

  return { filters, changeFilters, list, visible, grid };
}
