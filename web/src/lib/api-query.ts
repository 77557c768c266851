import { queryOptions } from '@tanstack/react-query';
import type { MethodName, RequestOf, ServiceName } from './api-types';

type AccountScope = number | string | null | undefined;

/**
 * The cache key of a read: its route (service, method), the account of the page (x-account-id,
 * null when none) and its input, so two screens asking the same route the same thing share one
 * answer, and a write can invalidate a route (`[service, method]`) or one account's reads of it.
 * Typed from the manifest: a method that does not exist, or an input its route refuses, does not compile.
 */
export function queryKeyOf<Sv extends ServiceName, M extends MethodName<Sv>>(
  service: Sv,
  method: M,
  input: RequestOf<Sv, M>,
  accountId?: AccountScope,
) {
  return [
    service,
    method,
    accountId === undefined || accountId === null || accountId === '' ? null : String(accountId),
    input,
  ] as const;
}

/**
 * A read as TanStack Query options: the key (queryKeyOf) and the call (`callApi` of the same route
 * and input, given the query's abort signal). The data is the type the call answers, i.e. the
 * route's declared reply, so `useQuery`, `prefetchQuery` and `setQueryData` on the key need no cast.
 * (The call is written out at each read: TypeScript cannot forward callApi's route generics through
 * a helper, and a cast here would hide a wrong reply type.)
 */
export function apiQuery<K extends readonly unknown[], T>(queryKey: K, call: (signal: AbortSignal) => Promise<T>) {
  return queryOptions({ queryKey, queryFn: ({ signal }) => call(signal) });
}
