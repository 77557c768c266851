import { useQuery } from '@tanstack/react-query';
import { queryKeyOf } from '../../../lib/api-query';
import { usePagedList, type PagedList } from '../../../lib/paged-list';
import { queryClient } from '../../../lib/query-client';
import { fetchMainAccounts, fetchUserInfo, fetchUsersPage, PAGE_SIZE, type UserView } from './users-api';

/** GetUsersList with its search through the query cache, a page at a time (like the exchange rates). */
export function useUsersList(search: string): PagedList<UserView> {
  return usePagedList(
    [...queryKeyOf('UsersService', 'GetUsersList', { search, pageSize: PAGE_SIZE, nextToken: null }), 'pages'],
    (nextToken, signal) => fetchUsersPage(search, nextToken, signal),
  );
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
