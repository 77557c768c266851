import type { Page, Stamped } from './reply';

/** Replies of the account routes (AccountsService account methods). */

export type AccountStatus = 'Active' | 'Archived';

/** An account or sub-account (docs/domain.md). ParentId null = main account. */
export interface AccountView extends Stamped {
  ID: number;
  Name: string;
  ParentId: number | null;
  /** 1 USD, 2 ILS. */
  Currency: 1 | 2;
  ApplyVat: boolean;
  ManagementFeePct: number;
  ContactName: string;
  ContactEmail: string;
  /** As the user wrote it (shown so). */
  Phone: string;
  /** The same number in E.164 (+972525551234) where its country is known, else null (shared/phone-number.ts). */
  PhoneE164: string | null;
  Website: string;
  Status: AccountStatus;
}

/** An account as the accounts list shows it: with the totals of its activities. */
export interface AccountRow extends AccountView {
  /** Activities that are not archived (any status). */
  ActivitiesCount: number;
  /** Sum of their budgets, cancelled ones left out (decimal, account currency). */
  PlannedBudget: number;
}

/** GetAccountsList. */
export type AccountsPage = Page<AccountRow>;

/** GetMainAccount: the main account behind an account or sub-account, for the page header and breadcrumbs. */
export interface MainAccountInfo {
  ID: number;
  Name: string;
  Currency: 1 | 2;
  SubAccountId: number | null;
  SubAccountName: string | null;
  AccessPermissions: string[];
}
