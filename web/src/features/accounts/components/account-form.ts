import { EMAIL_PATTERN, PHONE_PATTERN, URL_PATTERN } from '@server/shared/text-patterns';
import type { Account } from '../../../lib/api-types';
import type { AccountPayload } from '../api/accounts-api';

/** The account dialog's fields as typed (numbers still text). */
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

export type AccountErrors = Partial<Record<keyof AccountForm, string>>;

/** Percent 0–100 with at most 2 decimals (SPEC §5 "decimal": digits with one optional dot). */
const PERCENT_PATTERN = /^\d+(\.\d{1,2})?$/;
export const NAME_MAX = 200;

export function emptyAccountForm(parentId: number | null, currency: 1 | 2 = 2): AccountForm {
  return { ID: 0, Name: '', ParentId: parentId, Currency: currency, ApplyVat: true, ManagementFeePct: '0', ContactName: '', ContactEmail: '', Phone: '', Website: '' };
}

export function formFromAccount(a: Account): AccountForm {
  return {
    ID: a.ID, Name: a.Name, ParentId: a.ParentId, Currency: a.Currency, ApplyVat: a.ApplyVat,
    ManagementFeePct: String(a.ManagementFeePct ?? 0), ContactName: a.ContactName ?? '', ContactEmail: a.ContactEmail ?? '',
    Phone: a.Phone ?? '', Website: a.Website ?? '', version: a.version,
  };
}

/**
 * Field checks before saving; each error is an i18n key. The email, phone and URL patterns are the
 * API's own (lambdas/schemas/fields.ts), so the console and the server agree (SPEC §5).
 */
export function validateAccount(f: AccountForm): AccountErrors {
  const e: AccountErrors = {};
  const name = f.Name.trim();
  if (!name) e.Name = 'validation.required';
  else if (name.length > NAME_MAX) e.Name = 'validation.tooLong';
  const pct = f.ManagementFeePct.trim();
  if (!PERCENT_PATTERN.test(pct) || Number(pct) > 100) e.ManagementFeePct = 'validation.percent';
  if (f.ContactEmail.trim() && !EMAIL_PATTERN.test(f.ContactEmail.trim())) e.ContactEmail = 'validation.email';
  if (f.Phone.trim() && !PHONE_PATTERN.test(f.Phone.trim())) e.Phone = 'validation.phone';
  if (f.Website.trim() && !URL_PATTERN.test(f.Website.trim())) e.Website = 'validation.url';
  if (f.Currency !== 1 && f.Currency !== 2) e.Currency = 'validation.required';
  return e;
}

export function toPayload(f: AccountForm): AccountPayload {
  return {
    ID: f.ID, Name: f.Name.trim(), ParentId: f.ParentId, Currency: f.Currency, ApplyVat: f.ApplyVat,
    ManagementFeePct: Number(f.ManagementFeePct.trim()), ContactName: f.ContactName.trim(), ContactEmail: f.ContactEmail.trim(),
    Phone: f.Phone.trim(), Website: f.Website.trim(), ...(f.ID > 0 ? { version: f.version } : {}),
  };
}
