import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MethodName, ServiceName } from './api-types';

/** A route's reads in the query cache: the first two parts of every key queryKeyOf makes for it. */
export type RouteReads = { [Sv in ServiceName]: readonly [Sv, MethodName<Sv>] }[ServiceName];

/**
 * A write through TanStack Query: `call` runs it, and once it succeeds every cached read of the
 * routes in `invalidates` (`[service, method]`, whatever the account or input) is out of date — the
 * ones on screen are read again at once, the others when next shown. The invalidation is not awaited:
 * the caller hears of the write as soon as the server answers it (its snackbar, its dialog closing),
 * and the list follows, as it did when screens reloaded by hand.
 * Typed from the manifest: a route that does not exist does not compile.
 */
export function useApiMutation<I, T>(call: (input: I) => Promise<T>, invalidates: readonly RouteReads[]) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => {
      for (const queryKey of invalidates) void qc.invalidateQueries({ queryKey });
    },
  });
}
