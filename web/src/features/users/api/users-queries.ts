import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { queryKeyOf } from '../../../lib/api-query';
import { queryClient } from '../../../lib/query-client';
import { fetchMainAccounts, fetchUserInfo, fetchUsersPage, PAGE_SIZE, type UserView } from './users-api';

export interface UsersList {
  rows: UserView[];
  loading: boolean;
  busy: boolean;
  error: unknown;
  hasMore: boolean;
  more: () => void;
  reload: () => void;
}

/** GetUsersList with its search through the query cache, a page at a time (like the exchange rates). */
export function useUsersList(search: string): UsersList {
  const q = useInfiniteQuery({
    queryKey: [
      ...queryKeyOf('UsersService', 'GetUsersList', { search, pageSize: PAGE_SIZE, nextToken: null }),
      'pages',
    ] as const,
    queryFn: ({ pageParam, signal }) => fetchUsersPage(search, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.NextToken ?? undefined,
  });
  return {
    rows: q.data?.pages.flatMap((p) => p.Items) ?? [],
    loading: q.isPending,
    busy: q.isFetching,
    error: q.error,
    hasMore: q.hasNextPage,
    more: () => void q.fetchNextPage(),
    reload: () => void q.refetch(),
  };
}

/** One user with their history (GetUserInfo). */
export function useUserInfo(sub: string) {
  return useQuery({
    queryKey: queryKeyOf('UsersService', 'GetUserInfo', { sub }),
    queryFn: ({ signal }) => fetchUserInfo(sub, signal),
  });
}

/** The main accounts the access picker offers (read once per visit). */
export function useMainAccounts() {
  return useQuery({
    queryKey: ['UsersService', 'mainAccounts'],
    queryFn: ({ signal }) => fetchMainAccounts(signal),
    staleTime: 60_000,
  });
}

/** After a write: the lists and the user's page are read again. */
export async function usersChanged(): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: ['UsersService', 'GetUsersList'] }),
    queryClient.invalidateQueries({ queryKey: ['UsersService', 'GetUserInfo'] }),
  ]);
}
