import { useCallback } from 'react';
import { useAllPages, type AllPagesState } from '../../../lib/use-all-pages';
import { fetchActivitiesPage, type ActivitiesListParams, type ActivityView } from './activities-api';

export const PAGE_SIZE = 200;

export interface ActivitiesListState extends Omit<AllPagesState<ActivityView>, 'setRows'> {
  /** Puts a row the server returned in place (after a status change), without a reload. */
  replace: (row: ActivityView) => void;
}

/** GetActivitiesList with its filters, every page; a newer filter cancels the pages of the older one. */
export function useActivitiesList(params: ActivitiesListParams | null, scopeId: number): ActivitiesListState {
  const { setRows, ...list } = useAllPages(params ? `${scopeId}:${JSON.stringify(params)}` : null,
    (token, signal) => fetchActivitiesPage(params as ActivitiesListParams, PAGE_SIZE, token, scopeId, signal));
  const replace = useCallback((row: ActivityView) => setRows((rows) => rows.map((r) => (r.ID === row.ID ? row : r))), [setRows]);
  return { ...list, replace };
}
