import { useCallback, useEffect, useState, type Dispatch, type SetStateAction } from 'react';

/** One page of a list call: its rows and the token of the next page (null: no more). */
export interface Page<T> {
  Items: T[];
  NextToken: string | null;
}

/** Reads one page; `nextToken` is null for the first page. */
export type FetchPage<T> = (nextToken: string | null, signal: AbortSignal) => Promise<Page<T>>;

export interface AllPagesState<T> {
  rows: T[];
  /** Nothing shown yet. */
  loading: boolean;
  /** More pages are on their way (NextToken). */
  loadingMore: boolean;
  error: unknown;
  reload: () => void;
  /** Changes the rows in place (e.g. a row the server returned after a change), without a reload. */
  setRows: Dispatch<SetStateAction<T[]>>;
}

/**
 * Reads a list following NextToken until the server has no more, so sorting and the quick filter
 * see every row; the rows show from the first page on. A new `key` (the filters) or a reload
 * cancels the pages of the older read. key null: nothing is read.
 */
export function useAllPages<T>(key: string | null, fetchPage: FetchPage<T>): AllPagesState<T> {
  const [rows, setRows] = useState<T[]>([]);
  const [loading, setLoading] = useState(true);
  const [loadingMore, setLoadingMore] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [round, setRound] = useState(0);

  useEffect(() => {
    if (key === null) return undefined;
    const ctrl = new AbortController();
    const run = async () => {
      setLoading(true);
      setError(null);
      let token: string | null = null;
      let all: T[] = [];
      let first = true;
      try {
        do {
          const page: Page<T> = await fetchPage(token, ctrl.signal);
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
    // The key stands for what fetchPage reads; a new function with the same key reads nothing new.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, round]);

  const reload = useCallback(() => setRound((r) => r + 1), []);
  return { rows, loading, loadingMore, error, reload, setRows };
}
