import { useCallback, useEffect, useState } from 'react';
import { fetchActivitiesPage, type ActivitiesListParams, type ActivityView } from './activities-api';

export const PAGE_SIZE = 200;

export interface ActivitiesListState {
  rows: ActivityView[];
  loading: boolean;
  loadingMore: boolean;
  error: unknown;
  reload: () => void;
  /** Puts a row the server returned in place (after a status change), without a reload. */
  replace: (row: ActivityView) => void;
}

/**
 * GetActivitiesList with its filters, following NextToken to the end so sorting and the quick filter
 * see every row; a newer filter cancels the pages of the older one.
 */
export function useActivitiesList(params: ActivitiesListParams | null, scopeId: number): ActivitiesListState {
  const [rows, setRows] = useState<ActivityView[]>([]);
  const [loading, setLoading] = useState(true);
  const [loadingMore, setLoadingMore] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [round, setRound] = useState(0);
  const key = params ? JSON.stringify(params) : null;

  useEffect(() => {
    if (!params) return undefined;
    const ctrl = new AbortController();
    const run = async () => {
      setLoading(true);
      setError(null);
      let token: string | null = null;
      let all: ActivityView[] = [];
      let first = true;
      try {
        do {
          const page = await fetchActivitiesPage(params, PAGE_SIZE, token, scopeId, ctrl.signal);
          if (ctrl.signal.aborted) return;
          all = all.concat(page.Items);
          token = page.NextToken;
          setRows(all);
          if (first) setLoading(false);
          setLoadingMore(token !== null);
          first = false;
        } while (token);
      } catch (err) {
        if (ctrl.signal.aborted) return;
        setError(err);
        setLoading(false);
        setLoadingMore(false);
        if (first) setRows([]);
      }
    };
    void run();
    return () => ctrl.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, scopeId, round]);

  const reload = useCallback(() => setRound((r) => r + 1), []);
  const replace = useCallback((row: ActivityView) => setRows((list) => list.map((r) => (r.ID === row.ID ? row : r))), []);
  return { rows, loading, loadingMore, error, reload, replace };
}
