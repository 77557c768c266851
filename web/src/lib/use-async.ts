import { useEffect, useState } from 'react';

export interface AsyncState<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
}

/** Runs `load` when `key` changes (null = nothing to load); drops answers that arrive after a newer key. */
export function useAsync<T>(key: string | null, load: (signal: AbortSignal) => Promise<T>): AsyncState<T> {
  const [state, setState] = useState<AsyncState<T>>({ data: undefined, error: undefined, loading: key !== null });
  useEffect(() => {
    if (key === null) {
      setState({ data: undefined, error: undefined, loading: false });
      return;
    }
    const ctrl = new AbortController();
    setState((s) => ({ data: s.data, error: undefined, loading: true }));
    load(ctrl.signal).then(
      (data) => { if (!ctrl.signal.aborted) setState({ data, error: undefined, loading: false }); },
      (error) => { if (!ctrl.signal.aborted) setState({ data: undefined, error, loading: false }); },
    );
    return () => ctrl.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return state;
}
