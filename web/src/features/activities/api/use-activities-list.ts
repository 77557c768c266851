import { queryKeyOf } from '../../../lib/api-query';
import { replaceRow, useEveryPage, type EveryPageState } from '../../../lib/every-page';
import { queryClient } from '../../../lib/query-client';
import { fetchActivitiesPage, type ActivitiesListParams, type ActivityView } from './activities-api';

export const PAGE_SIZE = 200;

const LISTS = ['ActivitiesService', 'GetActivitiesList'] as const;

/** Every cached read of GetActivitiesList, whatever its filters. */
function activityListsChanged(): void {
  void queryClient.invalidateQueries({ queryKey: LISTS });
}

export interface ActivitiesListState extends EveryPageState<ActivityView> {
  /** After a write: every cached activity list is read again when shown (this one at once). */
  changed: () => void;
  /** Puts a row the server returned in this list (after a status change) without reading it again; the other lists are read again when shown. */
  replace: (row: ActivityView) => void;
}

/**
 * GetActivitiesList with its filters, every page, in the query cache: its key is the route, the
 * account of the page and the first page's input (queryKeyOf), then 'every page'. Another filter is another read.
 */
export function useActivitiesList(params: ActivitiesListParams, scopeId: number): ActivitiesListState {
  const key = [
    ...queryKeyOf(
      'ActivitiesService',
      'GetActivitiesList',
      { ...params, pageSize: PAGE_SIZE, nextToken: null },
      scopeId,
    ),
    'every page',
  ] as const;
  const list = useEveryPage<ActivityView>(key, (token, signal) =>
    fetchActivitiesPage(params, PAGE_SIZE, token, scopeId, signal),
  );
  const replace = (row: ActivityView) => {
    void queryClient.invalidateQueries({ queryKey: LISTS, refetchType: 'none' });
    replaceRow(key, row);
  };
  return { ...list, changed: activityListsChanged, replace };
}
