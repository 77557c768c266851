import { useCallback, useEffect, useState } from 'react';
import type { Account } from '../../../lib/api-types';
import { fetchAccountsPage, type ListParams } from './accounts-api';

/** The first page is small so rows show at once; the rest follows in larger pages. */
export const FIRST_PAGE_SIZE = 100;
export const NEXT_PAGE_SIZE = 500;

export interface AccountsListState {
  rows: Account[];
  /** Nothing shown yet. */
  loading: boolean;
  /** More pages are on their way (NextToken). */
  loadingMore: boolean;
  error: unknown;
  reload: () => void;
}

/**
 * GetAccountsList with its filters, following NextToken until the server has no more, so sorting
 * and the quick filter see every row. A newer filter cancels the pages of the older one.
 */
export function useAccountsList(params: ListParams): AccountsListState {
  const [rows, setRows] = useState<Account[]>([]);
  const [loading, setLoading] = useState(true);
  const [loadingMore, setLoadingMore] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [round, setRound] = useState(0);
  const key = JSON.stringify(params);

  useEffect(() => {
    const ctrl = new AbortController();
    const run = async () => {
      setLoading(true);
      setError(null);
      let token: string | null = null;
      let all: Account[] = [];
      let first = true;
      try {
        do {
          const page = await fetchAccountsPage(params, first ? FIRST_PAGE_SIZE : NEXT_PAGE_SIZE, token, ctrl.signal);
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
  }, [key, round]);

  const reload = useCallback(() => setRound((r) => r + 1), []);
  return { rows, loading, loadingMore, error, reload };
}
