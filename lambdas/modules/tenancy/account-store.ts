import type { AccountStatus, AccountView as Account } from '../../shared/replies/accounts';
import type { ListPage } from '../../aws/dynamodb/page-token';

/** The stored account is the reply (shared/replies/accounts.ts): one declaration. */
export type { Account, AccountStatus };

/**
 * Activity totals kept on the account item by the activities code (modules/activities/activities.ts) with
 * atomic ADDs in the same transaction as each activity change; an account save never writes them.
 * A main account's totals include its sub-accounts' activities.
 */
export interface AccountActivityTotals {
  /** Activities that are not archived (any status). */
  ActivitiesCount: number;
  /** Sum of their budgets, cancelled ones left out (decimal; stored as integer minor units). */
  PlannedBudget: number;
}
export type AccountRow = Account & AccountActivityTotals;

/** Who holds an active account's name (account-name-store.ts). */
export interface NameClaim {
  AccountId: number;
  Name: string;
}

/** What the account rules need of storage; account-store.dynamodb.ts implements it. */
export interface AccountStore {
  getAccount(companyId: number, id: number, consistent?: boolean): Promise<Account | undefined>;
  /** Several accounts by id (a client user's short list). Unknown ids are simply absent. */
  getAccounts(companyId: number, ids: number[]): Promise<Account[]>;
  /** getAccounts with each account's activity totals (the accounts list). */
  getAccountRows(companyId: number, ids: number[]): Promise<AccountRow[]>;
  /** One page of the accounts under a parent (null = main accounts) in one status, by name. */
  listAccountsByParent(
    companyId: number,
    parentId: number | null,
    status: AccountStatus,
    limit: number,
    nextToken?: string | null,
  ): Promise<ListPage<Account>>;
  /** listAccountsByParent with each account's activity totals. */
  listAccountRowsByParent(
    companyId: number,
    parentId: number | null,
    status: AccountStatus,
    limit: number,
    nextToken?: string | null,
  ): Promise<ListPage<AccountRow>>;
  /** Every sub-account of a main account in one status. */
  listAllSubAccounts(companyId: number, parentId: number, status: AccountStatus): Promise<Account[]>;
  /** Who holds a name under a parent (an active account), if anyone. */
  getNameClaim(companyId: number, parentId: number | null, name: string): Promise<NameClaim | undefined>;
  /** A new account with its audit entry and name claim; a sub-account's parent changed meanwhile answers `parentChanged`. */
  insertAccount(companyId: number, a: Account, parentChanged?: Error): Promise<void>;
  /** Accounts rewritten from the versions read, each with its audit entry and name claims, all or nothing. */
  replaceAccounts(
    companyId: number,
    changes: { before: Account; after: Account }[],
    action: 'update' | 'archive' | 'restore',
  ): Promise<void>;
}
