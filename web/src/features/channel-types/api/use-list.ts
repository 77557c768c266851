import { useCallback, useEffect, useState } from 'react';

export interface ListState<T> {
  items: T[] | null;
  loading: boolean;
  error: unknown;
  reload: () => void;
  /** Replaces the list (or rows of it) with what a save answered, without another call. */
  setItems: (update: (items: T[]) => T[]) => void;
}

/** Loads a list when `key` changes or on reload; keeps the rows shown while reloading. */
export function useList<T>(key: string, load: (signal: AbortSignal) => Promise<T[]>): ListState<T> {
  const [items, setAll] = useState<T[] | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<unknown>(null);
  const [round, setRound] = useState(0);

  useEffect(() => {
    const ctrl = new AbortController();
    setLoading(true);
    setError(null);
    load(ctrl.signal).then(
      (rows) => { if (!ctrl.signal.aborted) { setAll(rows); setLoading(false); } },
      (err) => { if (!ctrl.signal.aborted) { setError(err); setLoading(false); } },
    );
    return () => ctrl.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, round]);

  const reload = useCallback(() => setRound((r) => r + 1), []);
  const setItems = useCallback((update: (items: T[]) => T[]) => setAll((cur) => update(cur ?? [])), []);
  return { items, loading, error, reload, setItems };
}

/** Rows of `list` replaced by the rows with the same ID in `updated`. */
export function mergeById<T extends { ID: number }>(list: T[], updated: readonly T[]): T[] {
  const byId = new Map(updated.map((r) => [r.ID, r]));
  return list.map((r) => byId.get(r.ID) ?? r);
}
