import type { Account } from '../../../lib/api-types';
import { numberInput } from '../../../lib/forms/number-input';
import type { AccountPayload } from '../api/accounts-api';

/**
 * The account dialog's fields as typed (numbers still text). The dialog checks them with the route's
 * own schema (account-dialog.tsx ACCOUNT_FORM); this module stays free of zod and react-hook-form,
 * since the accounts list (the first screen) imports it.
 */
export interface AccountForm {
  ID: number;
  Name: string;
  ParentId: number | null;
  Currency: 1 | 2;
  ApplyVat: boolean;
  ManagementFeePct: string;
  ContactName: string;
  ContactEmail: string;
  Phone: string;
  Website: string;
  version?: number;
}

export function emptyAccountForm(parentId: number | null, currency: 1 | 2 = 2): AccountForm {
  return {
    ID: 0,
    Name: '',
    ParentId: parentId,
    Currency: currency,
    ApplyVat: true,
    ManagementFeePct: parentId === null ? '0' : '',
    ContactName: '',
    ContactEmail: '',
    Phone: '',
    Website: '',
  };
}

export function formFromAccount(a: Account): AccountForm {
  return {
    ID: a.ID,
    Name: a.Name,
    ParentId: a.ParentId,
    Currency: a.Currency,
    ApplyVat: a.ApplyVat,
    ManagementFeePct: String(a.ManagementFeePct ?? 0),
    ContactName: a.ContactName ?? '',
    ContactEmail: a.ContactEmail ?? '',
    Phone: a.Phone ?? '',
    Website: a.Website ?? '',
    version: a.version,
  };
}

/** The form as SaveAccount's `account`: what the dialog checks with the route's schema and what the screen sends. */
export function toPayload(f: AccountForm): AccountPayload {
  return {
    ID: f.ID,
    Name: f.Name.trim(),
    ParentId: f.ParentId,
    Currency: f.Currency,
    ApplyVat: f.ApplyVat,
    ManagementFeePct: numberInput(f.ManagementFeePct),
    ContactName: f.ContactName.trim(),
    ContactEmail: f.ContactEmail.trim(),
    Phone: f.Phone.trim(),
    Website: f.Website.trim(),
    ...(f.ID > 0 ? { version: f.version } : {}),
  };
}
