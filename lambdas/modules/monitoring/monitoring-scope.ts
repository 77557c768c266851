import { getAccounts, maySeeAccount, type Account, type UserProfile } from '../tenancy';
import { listExternalLinks, type ExternalLink } from '../connectors';
import { todayIn } from '../../shared/company-day';
import { getCompanyConfiguration } from '../configurations';

/**
 * What the monitoring reads share: the accounts the caller may see through the company's links to ad
 * accounts, the company's today, and reading a few at a time.
 */

/** Who sees what: the company's links and their accounts, and the caller's reach. */
export interface Scope {
  links: Map<string, ExternalLink>;
  accounts: Map<number, Account>;
  /** May the caller see this account (and is it inside the request's account, if one was sent)? */
  sees(account: Account | undefined): boolean;
  /** May the caller see an ad account linked to no account? */
  seesUnlinked: boolean;
}

export const linkKey = (type: string, ext: string) => `${type}#${ext}`;

export async function scopeOf(
  caller: UserProfile,
  scopeAccountId: number | undefined,
  moreAccountIds: number[] = [],
): Promise<Scope> {
  const links = await listExternalLinks(caller.companyId);
  const ids = [...new Set([...links.map((l) => l.AccountId), ...moreAccountIds])];
  let accounts = ids.length ? await getAccounts(caller.companyId, ids) : [];
  // Sub-accounts are seen through their main account (maySeeAccount) and named with it: load the mains too.
  const mains = [
    ...new Set(accounts.map((a) => a.ParentId).filter((p): p is number => p !== null && !ids.includes(p))),
  ];
  if (mains.length) accounts = [...accounts, ...(await getAccounts(caller.companyId, mains))];
  return {
    links: new Map(links.map((l) => [linkKey(l.ConnectorType, l.ExternalAccountId), l])),
    accounts: new Map(accounts.map((a) => [a.ID, a])),
    sees: (a) =>
      !!a &&
      maySeeAccount(caller, a) &&
      (scopeAccountId === undefined || a.ID === scopeAccountId || a.ParentId === scopeAccountId),
    seesUnlinked: caller.accountAccess === 'all' && scopeAccountId === undefined,
  };
}

export const companyToday = async (companyId: number) => todayIn((await getCompanyConfiguration(companyId)).TimeZone);

/** Runs `fn` over `items`, `width` at a time. */
export async function inBatches<T>(items: readonly T[], width: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
}
