import { ForbiddenError, NotFoundError } from '../../core/errors';
import type { Account } from './account-store';
import { getAccount, getAccounts } from './account-store.dynamodb';
import type { UserProfile } from './profile-store';
import { accountActions } from '../../shared/policy';
import { readCache } from '../../core/read-cache';

/** May this user see this account? Access to a main account includes its sub-accounts. */
export function maySeeAccount(profile: UserProfile, account: Pick<Account, 'ID' | 'ParentId'>): boolean {
  if (profile.accountAccess === 'all') return true;
  const mainId = account.ParentId ?? account.ID;
  return profile.accountAccess.includes(mainId);
}

/**
 * Where each account sits (its ParentId) never changes and accounts are never deleted (only
 * archived), so this is safe to keep for the life of the container: the x-account-id check of
 * every request then costs no read once an account has been seen.
 */
const placement = new Map<string, Pick<Account, 'ID' | 'ParentId'>>();

/**
 * Where each of these accounts sits (ID, ParentId), from the placement cache, reading only those not
 * seen yet in one BatchGet; ids that name no account are left out. Pages that find the accounts of
 * a company's connector links (the agent connectors feeding a plan) then cost no read once warm.
 */
export async function placementsOf(
  companyId: number,
  ids: readonly number[],
): Promise<Pick<Account, 'ID' | 'ParentId'>[]> {
  const out: Pick<Account, 'ID' | 'ParentId'>[] = [];
  const missing: number[] = [];
  for (const id of ids) {
    const hit = placement.get(`${companyId}#${id}`);
    if (hit) out.push(hit);
    else missing.push(id);
  }
  if (missing.length) {
    for (const a of await getAccounts(companyId, missing)) {
      const where = { ID: a.ID, ParentId: a.ParentId };
      placement.set(`${companyId}#${a.ID}`, where);
      out.push(where);
    }
    while (placement.size > 5000) placement.delete(placement.keys().next().value as string);
  }
  return out;
}

/**
 * The id of the request's account (x-account-id) if the caller may see it: 403 otherwise, alike for
 * another company's id and one the caller may not see.
 */
export async function checkVisibleAccountId(profile: UserProfile, accountId: number): Promise<number> {
  const key = `${profile.companyId}#${accountId}`;
  let where = placement.get(key);
  if (!where) {
    const account = await getAccount(profile.companyId, accountId);
    if (account) {
      where = { ID: account.ID, ParentId: account.ParentId };
      placement.set(key, where);
      if (placement.size > 5000) placement.delete(placement.keys().next().value as string);
    }
  }
  if (!where || !maySeeAccount(profile, where))
    throw new ForbiddenError(`No access to account ${accountId}`, 'ACCOUNT_NO_ACCESS', { accountId });
  return where.ID;
}

/**
 * An account of the caller's company that the caller may see. Another company's id and an id the
 * caller may not see answer alike (403), so ids of other companies cannot be probed.
 */
export async function loadVisibleAccount(profile: UserProfile, accountId: number): Promise<Account> {
  const account = await getAccount(profile.companyId, accountId);
  if (!account || !maySeeAccount(profile, account)) {
    throw new ForbiddenError(`No access to account ${accountId}`, 'ACCOUNT_NO_ACCESS', { accountId });
  }
  return account;
}

/**
 * The account an id names, which must be the request's account (x-account-id) or one of its
 * sub-accounts: an item id from another account is refused even if the caller could see it.
 */
export async function loadAccountInScope(
  profile: UserProfile,
  scopeAccountId: number,
  accountId: number,
): Promise<Account> {
  const account = await getAccount(profile.companyId, accountId);
  if (!account)
    throw new NotFoundError(`Account ${accountId} was not found`, 'NOT_FOUND', { entity: 'Account', id: accountId });
  const inScope = account.ID === scopeAccountId || account.ParentId === scopeAccountId;
  if (!inScope || !maySeeAccount(profile, account)) {
    throw new ForbiddenError(`Account ${accountId} is not part of account ${scopeAccountId}`, 'NOT_IN_ACCOUNT', {
      entity: 'Account',
      id: accountId,
      accountId: scopeAccountId,
    });
  }
  return account;
}

/**
 * The account a request asks about, and its main account (itself when it is one): the input's
 * `accountId` — inside the request's account (x-account-id) when one is set, else any the caller
 * sees — or without one the request's account, or none (the whole company). The reports and the
 * dashboards scope their figures by it.
 */
export async function askedAccount(
  profile: UserProfile,
  scopeAccountId: number | undefined,
  accountId: number | undefined,
): Promise<{ asked: Account | null; mainOfAsked: Account | null }> {
  const asked =
    accountId !== undefined
      ? await (scopeAccountId !== undefined
          ? loadAccountInScope(profile, scopeAccountId, accountId)
          : loadVisibleAccount(profile, accountId))
      : scopeAccountId !== undefined
        ? await loadVisibleAccount(profile, scopeAccountId)
        : null;
  const mainOfAsked =
    asked && asked.ParentId !== null ? (await getAccounts(profile.companyId, [asked.ParentId]))[0] : asked;
  return { asked, mainOfAsked };
}

/** What the caller may do in an account they can see: the shared policy's account actions (shared/policy.ts). */
export const accessPermissions = (profile: UserProfile): string[] => accountActions(profile);

const accountCache = readCache<Account | undefined>(undefined, 20_000);

/**
 * Accounts for showing figures (names, currency, where they sit) under the read cache's policy: at
 * most 30 s old (read-cache.ts), the ones not cached read in one BatchGet. A company-wide report
 * names every account of the company (500 at the bench's scale: six BatchGets after the activity
 * list, on the report's critical path); access is still decided from the caller's own profile.
 */
export async function cachedAccounts(companyId: number, ids: readonly number[]): Promise<Account[]> {
  const missing: number[] = [];
  let batch: Promise<Map<number, Account>> | undefined;
  // Every miss of this call joins one BatchGet, started after the loop has named them all.
  const load = (id: number) => () => {
    missing.push(id);
    batch ??= Promise.resolve().then(
      async () => new Map((await getAccounts(companyId, missing)).map((a) => [a.ID, a])),
    );
    return batch.then((found) => found.get(id));
  };
  const all = await Promise.all(ids.map((id) => accountCache.get(`${companyId}#${id}`, load(id))));
  return all.filter((a): a is Account => a !== undefined);
}
