import { useQuery } from '@tanstack/react-query';
import { callApi } from './api-client';
import { apiQuery, queryKeyOf } from './api-query';
import { queryClient } from './query-client';

/**
 * The account of the page ("current account context"): AccountsService.GetMainAccount for
 * the account id in the path, a query of the one cache (lib/query-client.ts). Shared by the
 * breadcrumbs and the account screens: one request per id, kept until a write says otherwise
 * (forgetMainAccounts) or another profile signs in.
 */
const mainAccountQuery = (accountId: string) =>
  apiQuery(queryKeyOf('AccountsService', 'GetMainAccount', { accountId: Number(accountId) }, accountId), (signal) =>
    callApi('AccountsService', 'GetMainAccount', { accountId: Number(accountId) }, { accountId, signal }),
  );

/** After a rename or archive the names and permissions must be read again. */
export function forgetMainAccounts(): void {
  void queryClient.invalidateQueries({ queryKey: ['AccountsService', 'GetMainAccount'] });
}

export function useMainAccount(accountId: string | number | null | undefined) {
  const key = accountId === null || accountId === undefined || accountId === '' ? null : String(accountId);
  return useQuery({ ...mainAccountQuery(key ?? '0'), enabled: key !== null, staleTime: Infinity });
}

/** Account and sub-account ids from a path: the segment after "accounts" and after "subAccounts". */
export function accountIdsFromPath(pathname: string): { accountId: string | null; subAccountId: string | null } {
  const parts = pathname.split('/').filter(Boolean);
  const after = (name: string) => {
    const i = parts.findIndex((p) => p.toLowerCase() === name.toLowerCase());
    const v = i >= 0 ? parts[i + 1] : undefined;
    return v && /^\d+$/.test(v) ? v : null;
  };
  return { accountId: after('accounts'), subAccountId: after('subAccounts') };
}
