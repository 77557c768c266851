import { useMemo } from 'react';
import { filtersOf, paramsOf, type ReportFilters } from './report-filters';
import { parseSort, sortText, type SortChoice } from './report-table';
import { useFilterParams } from './use-filter-params';

/**
 * The report's filters and sort as the URL holds them, and their changes: a filter change keeps the
 * sort; a click on the sorted column turns its direction, on another sorts by it (labels A→Z, figures largest first).
 */
export function useReportUrl() {
  const [params, setParams] = useFilterParams();
  const filters = useMemo(() => filtersOf(params), [params]);
  const sortParam = params.get('sort');
  const sort = useMemo(() => parseSort(sortParam), [sortParam]);
  // From the last URL asked for, not the rendered one (use-filter-params.ts says why).
  const set = (change: Partial<ReportFilters>) =>
    setParams((latest) => paramsOf({ ...filtersOf(latest), ...change }, latest.get('sort')));
  const onSort = (key: string) => {
    const next: SortChoice =
      sort?.key === key
        ? { key, dir: sort.dir === 'asc' ? 'desc' : 'asc' }
        : { key, dir: key === 'Label' ? 'asc' : 'desc' };
    setParams((latest) => {
      latest.set('sort', sortText(next));
      return latest;
    });
  };
  return { filters, sortParam, sort, set, onSort };
}
