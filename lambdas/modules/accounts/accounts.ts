import type { output } from 'zod/mini';
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  STALE_VERSION_MESSAGE,
  staleVersion,
  ValidationError,
} from '../../core/errors';
import {
  getAccount,
  getAccountRows,
  getNameClaim,
  insertAccount,
  listAccountRowsByParent,
  listAccountsByParent,
  listAllSubAccounts,
  replaceAccounts,
  type Account,
} from '../tenancy';
import { nextId } from '../../aws/dynamodb/counters';
import type { UserProfile } from '../tenancy';
import type { getAccountsList, saveAccount } from './schemas';
import { accessPermissions, loadAccountInScope, loadVisibleAccount } from '../tenancy';
import { activityFilterOf, listAccountsByActivities } from './account-activities';
import { pageOfList } from '../../aws/dynamodb/page-token';
import { lockPlansOfAccount, requireNoPlansForCurrency } from '../media-plans';
import type { AccountsPage, AccountView, MainAccountInfo } from '../../shared/replies/accounts';
import { phoneE164 } from '../../shared/phone-number';

export const DEFAULT_PAGE_SIZE = 50;
/**
 * applayVATToSubAccounts writes the account, each sub-account and an audit entry for each in one
 * transaction (100 items), two of them kept for a rename's name claims (release + take).
 */
export const MAX_VAT_SUB_ACCOUNTS = 48;

/** The replies (shared/replies/accounts.ts): each row of a page carries ActivitiesCount and PlannedBudget (account-activities.ts). */
export type { AccountsPage, MainAccountInfo };

/** GetAccountsList: main accounts (mainAccountId ≤ 0) or the sub-accounts of one main account. */
export async function listAccounts(
  caller: UserProfile,
  input: output<typeof getAccountsList>,
  scopeAccountId?: number,
): Promise<AccountsPage> {
  if (input.fromDate && input.toDate && input.fromDate > input.toDate) {
    throw new ValidationError('toDate: must be on or after fromDate', 'DATE_RANGE_INVALID', {
      field: 'toDate',
      start: 'fromDate',
    });
  }
  const status = input.status === 'archived' ? 'Archived' : 'Active';
  const limit = input.pageSize ?? DEFAULT_PAGE_SIZE;
  const companyId = caller.companyId;

  let parentId: number | null = null;
  if (input.mainAccountId > 0) {
    if (scopeAccountId !== undefined && scopeAccountId !== input.mainAccountId) {
      throw new ForbiddenError('mainAccountId must be the account of the page (x-account-id)', 'NOT_PAGE_ACCOUNT', {
        field: 'mainAccountId',
      });
    }
    const main = await loadVisibleAccount(caller, input.mainAccountId);
    if (main.ParentId !== null)
      throw new ValidationError(`mainAccountId: account ${main.ID} is a sub-account`, 'ACCOUNT_IS_SUBACCOUNT', {
        field: 'mainAccountId',
        accountId: main.ID,
      });
    parentId = main.ID;
  }
  // A date or activity-status filter: the accounts with matching activities, totals over those.
  const filter = activityFilterOf(input);
  if (filter) return listAccountsByActivities(caller, parentId, status, filter, limit, input.nextToken);

  if (parentId === null && caller.accountAccess !== 'all') {
    // A user limited to a few accounts (a client): fetch exactly those, never the whole company.
    const mine = (await getAccountRows(companyId, caller.accountAccess))
      .filter((a) => a.ParentId === null && a.Status === status)
      .sort((a, b) => a.Name.localeCompare(b.Name) || a.ID - b.ID);
    const page = pageOfList(mine, input.nextToken, limit);
    return { Items: page.items, NextToken: page.nextToken };
  }

  // Unfiltered (the benchmarked path): still one Query; the totals are attributes of each item.
  const page = await listAccountRowsByParent(companyId, parentId, status, limit, input.nextToken);
  return { Items: page.items, NextToken: page.nextToken };
}

/** GetMainAccount: the main account behind an account or sub-account id, for the page header and breadcrumbs. */
export async function getMainAccount(
  caller: UserProfile,
  scopeAccountId: number,
  accountId: number,
): Promise<MainAccountInfo> {
  const account = await loadAccountInScope(caller, scopeAccountId, accountId);
  const main = account.ParentId === null ? account : await getAccount(caller.companyId, account.ParentId);
  if (!main)
    throw new NotFoundError(`Main account ${account.ParentId} was not found`, 'NOT_FOUND', {
      entity: 'Account',
      id: account.ParentId ?? '',
    });
  const sub = account.ParentId === null ? null : account;
  return {
    ID: main.ID,
    Name: main.Name,
    Currency: main.Currency,
    SubAccountId: sub?.ID ?? null,
    SubAccountName: sub?.Name ?? null,
    AccessPermissions: accessPermissions(caller),
  };
}

export async function getAccountInfo(
  caller: UserProfile,
  scopeAccountId: number,
  accountId: number,
): Promise<AccountView> {
  return loadAccountInScope(caller, scopeAccountId, accountId);
}

type SaveInput = output<typeof saveAccount>;

/** CreateAccount / UpdateAccount. ID ≤ 0 creates; ID > 0 updates (only through a route that allows it). */
export async function saveAccountFor(
  caller: UserProfile,
  input: SaveInput,
  scopeAccountId: number | undefined,
  mode: 'create' | 'update',
): Promise<AccountView> {
  const a = input.account;
  if (a.ID > 0) return updateAccount(caller, input, scopeAccountId ?? a.ID);
  if (mode === 'update')
    throw new ValidationError(
      'account.ID: must be the id of an existing account; use CreateAccount to add one',
      'ACCOUNT_ID_REQUIRED',
      { field: 'account.ID' },
    );
  return createAccount(caller, input, scopeAccountId);
}

async function createAccount(
  caller: UserProfile,
  input: SaveInput,
  scopeAccountId: number | undefined,
): Promise<Account> {
  const a = input.account;
  // A new sub-account's fee is its main account's unless one is given; a main account's, 0.
  let defaultFee = 0;
  if (a.ParentId !== null) {
    if (scopeAccountId !== undefined && scopeAccountId !== a.ParentId) {
      throw new ForbiddenError('account.ParentId must be the account of the page (x-account-id)', 'NOT_PAGE_ACCOUNT', {
        field: 'account.ParentId',
      });
    }
    const parent = await loadVisibleAccount(caller, a.ParentId);
    if (parent.ParentId !== null)
      throw new ValidationError('account.ParentId: a sub-account cannot have sub-accounts', 'ACCOUNT_IS_SUBACCOUNT', {
        field: 'account.ParentId',
        accountId: parent.ID,
      });
    if (parent.Status !== 'Active')
      throw new ConflictError(
        `Account ${parent.ID} is archived; restore it before adding sub-accounts`,
        'ACCOUNT_ARCHIVED',
        { account: parent.Name },
      );
    defaultFee = parent.ManagementFeePct;
  } else if (caller.accountAccess !== 'all') {
    throw new ForbiddenError(
      'Only users with access to all accounts can create main accounts',
      'MAIN_ACCOUNT_NEEDS_ALL_ACCESS',
    );
  }
  await requireNameFree(caller.companyId, { ID: 0, Name: a.Name, ParentId: a.ParentId });
  const now = new Date().toISOString();
  const account: Account = {
    ID: await nextId(caller.companyId, 'Account'),
    Name: a.Name,
    ParentId: a.ParentId,
    Currency: a.Currency,
    ApplyVat: a.ApplyVat,
    ManagementFeePct: a.ManagementFeePct ?? defaultFee,
    ContactName: a.ContactName,
    ContactEmail: a.ContactEmail,
    Phone: a.Phone,
    PhoneE164: phoneE164(a.Phone),
    Website: a.Website,
    Status: 'Active',
    version: 1,
    createdAt: now,
    createdBy: caller.email,
    updatedAt: now,
    updatedBy: caller.email,
  };
  // A sub-account's parent was read as an active main account: it must still be one when the
  // account commits (archived or changed meanwhile → 409 asking for a reload).
  await insertAccount(
    caller.companyId,
    account,
    staleVersion('The main account was changed or archived meanwhile; reload and try again'),
  );
  return account;
}

async function updateAccount(caller: UserProfile, input: SaveInput, scopeAccountId: number): Promise<Account> {
  const a = input.account;
  if (a.version === undefined)
    throw new ValidationError(
      'account.version: is required when updating (send the version you read)',
      'FIELD_REQUIRED',
      { field: 'account.version' },
    );
  const before = await loadAccountInScope(caller, scopeAccountId, a.ID);
  if (before.version !== a.version) throw new ConflictError(STALE_VERSION_MESSAGE, 'STALE_VERSION');
  if (before.Status !== 'Active')
    throw new ConflictError(`Account ${before.ID} is archived; restore it before editing`, 'ACCOUNT_ARCHIVED', {
      account: before.Name,
    });
  if (a.ParentId !== null && a.ParentId !== before.ParentId) {
    throw new ValidationError(
      'account.ParentId: an account cannot move to another main account',
      'FIELD_CANNOT_CHANGE',
      { field: 'account.ParentId' },
    );
  }
  await requireNameFree(caller.companyId, { ID: before.ID, Name: a.Name, ParentId: before.ParentId });
  if (a.Currency !== before.Currency) await requireNoPlansForCurrency(caller.companyId, before);
  const now = new Date().toISOString();
  const after: Account = {
    ...before,
    Name: a.Name,
    Currency: a.Currency,
    ApplyVat: a.ApplyVat,
    ManagementFeePct: a.ManagementFeePct ?? before.ManagementFeePct,
    ContactName: a.ContactName,
    ContactEmail: a.ContactEmail,
    Phone: a.Phone,
    PhoneE164: phoneE164(a.Phone),
    Website: a.Website,
    version: before.version + 1,
    updatedAt: now,
    updatedBy: caller.email,
  };
  const changes = [{ before, after }];
  if (input.applayVATToSubAccounts && before.ParentId === null) {
    const subs = [
      ...(await listAllSubAccounts(caller.companyId, before.ID, 'Active')),
      ...(await listAllSubAccounts(caller.companyId, before.ID, 'Archived')),
    ].filter((s) => s.ApplyVat !== after.ApplyVat);
    if (subs.length > MAX_VAT_SUB_ACCOUNTS) {
      throw new ValidationError(
        `applayVATToSubAccounts: ${subs.length} sub-accounts would change; at most ${MAX_VAT_SUB_ACCOUNTS} can change in one save`,
        'VAT_SUBACCOUNT_LIMIT',
        { count: subs.length, max: MAX_VAT_SUB_ACCOUNTS },
      );
    }
    for (const s of subs) {
      changes.push({
        before: s,
        after: { ...s, ApplyVat: after.ApplyVat, version: s.version + 1, updatedAt: now, updatedBy: caller.email },
      });
    }
  }
  await replaceAccounts(caller.companyId, changes, 'update');
  return after;
}

/** DeleteAccount archives: the account and its history stay, and RestoreAccount brings it back. */
export async function archiveAccount(
  caller: UserProfile,
  scopeAccountId: number,
  accountId: number,
): Promise<AccountView> {
  const before = await loadAccountInScope(caller, scopeAccountId, accountId);
  if (before.Status === 'Archived') return before;
  if (before.ParentId === null) {
    const activeSubs = await listAccountsByParent(caller.companyId, before.ID, 'Active', 1);
    if (activeSubs.items.length > 0) {
      throw new ConflictError(
        `Account ${before.ID} still has active sub-accounts; archive them first`,
        'ACCOUNT_HAS_ACTIVE_SUBACCOUNTS',
        { accountId: before.ID },
      );
    }
  }
  const after = await setStatus(caller, before, 'Archived', 'archive');
  // Its open plans stop taking one-write line changes: those then take the full path, which refuses
  // them while the account is archived (modules/media-plans/plan-accounts.ts). A restore does not undo this: the
  // next full-path change of each line marks it again.
  await lockPlansOfAccount(caller.companyId, after);
  return after;
}

export async function restoreAccount(
  caller: UserProfile,
  scopeAccountId: number,
  accountId: number,
): Promise<AccountView> {
  const before = await loadAccountInScope(caller, scopeAccountId, accountId);
  if (before.Status === 'Active') return before;
  if (before.ParentId !== null) {
    const parent = await getAccount(caller.companyId, before.ParentId);
    if (!parent || parent.Status !== 'Active')
      throw new ConflictError(`Restore main account ${before.ParentId} first`, 'MAIN_ACCOUNT_ARCHIVED', {
        accountId: before.ParentId,
      });
  }
  await requireNameFree(caller.companyId, before);
  return setStatus(caller, before, 'Active', 'restore');
}

/**
 * Active account names are unique per parent — main accounts per company, sub-accounts per main
 * account — compared case- and look-alike-insensitively (modules/tenancy/account-name-store.dynamodb.ts name claims).
 * This read gives the 409 its name; the claim's conditional write in the save's transaction is
 * what makes it race-safe.
 */
async function requireNameFree(companyId: number, a: Pick<Account, 'ID' | 'Name' | 'ParentId'>): Promise<void> {
  const holder = await getNameClaim(companyId, a.ParentId, a.Name);
  if (holder && holder.AccountId !== a.ID) {
    const where = a.ParentId === null ? 'main account' : `sub-account of account ${a.ParentId}`;
    throw new ConflictError(
      `account.Name: an active ${where} is already named "${holder.Name}" (account ${holder.AccountId}); choose another name`,
      'ACCOUNT_NAME_TAKEN',
      { name: holder.Name },
    );
  }
}

async function setStatus(
  caller: UserProfile,
  before: Account,
  status: Account['Status'],
  action: 'archive' | 'restore',
) {
  const after: Account = {
    ...before,
    Status: status,
    version: before.version + 1,
    updatedAt: new Date().toISOString(),
    updatedBy: caller.email,
  };
  await replaceAccounts(caller.companyId, [{ before, after }], action);
  return after;
}
