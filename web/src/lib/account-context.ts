import { callApi } from './api-client';
import type { MainAccountInfo } from './api-types';
import { useAsync } from './use-async';

/**
 * The account of the page (SPEC §3 "current account context"): AccountsService.GetMainAccount for
 * the account id in the path. Shared by the breadcrumbs and the account screens; one request per id.
 */
const cache = new Map<string, Promise<MainAccountInfo>>();

export function fetchMainAccount(accountId: string | number): Promise<MainAccountInfo> {
  const key = String(accountId);
  let p = cache.get(key);
  if (!p) {
    p = callApi('AccountsService', 'GetMainAccount', { accountId: Number(accountId) }, { accountId: key });
    p.catch(() => cache.delete(key));
    cache.set(key, p);
  }
  return p;
}

/** After a rename or archive the names and permissions must be read again. */
export function forgetMainAccounts(): void {
  cache.clear();
}

export function useMainAccount(accountId: string | number | null | undefined) {
  const key = accountId === null || accountId === undefined || accountId === '' ? null : String(accountId);
  return useAsync(key, () => fetchMainAccount(key as string));
}

/** Account and sub-account ids from a path: the segment after "accounts" and after "subAccounts" (SPEC §2). */
export function accountIdsFromPath(pathname: string): { accountId: string | null; subAccountId: string | null } {
  const parts = pathname.split('/').filter(Boolean);
  const after = (name: string) => {
    const i = parts.findIndex((p) => p.toLowerCase() === name.toLowerCase());
    const v = i >= 0 ? parts[i + 1] : undefined;
    return v && /^\d+$/.test(v) ? v : null;
  };
  return { accountId: after('accounts'), subAccountId: after('subAccounts') };
}
