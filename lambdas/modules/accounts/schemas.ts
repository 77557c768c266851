import { _default, enum as oneOf, literal, nullable, object, optional, union, type output } from 'zod/mini';
import {
  bool,
  email,
  id,
  int,
  nextToken,
  optionalDate,
  pageSize,
  percent,
  phone,
  preprocess,
  requiredText,
  text,
  url,
} from '../../shared/schema-fields';
import { activityStatusFilter } from '../../shared/activity-status-filter';

export const CURRENCIES = { USD: 1, ILS: 2 } as const;

/** Account as the console and legacy client send it. ID <= 0 means "create". */
export const accountInput = object({
  ID: _default(int(), 0),
  Name: requiredText(200),
  ParentId: _default(optional(preprocess((v) => (v === '' || v === 0 || v === '0' ? null : v), nullable(id()))), null),
  Currency: _default(
    preprocess((v) => (typeof v === 'string' ? Number(v) : v), union([literal(1), literal(2)])),
    2,
  ),
  ApplyVat: _default(bool(), true),
  /** Absent: a new main account's is 0, a new sub-account's its main account's, an edit keeps the account's. */
  ManagementFeePct: optional(percent()),
  ContactName: _default(optional(text(200)), ''),
  ContactEmail: _default(optional(union([literal(''), email()])), ''),
  Phone: _default(optional(union([literal(''), phone()])), ''),
  Website: _default(optional(union([literal(''), url()])), ''),
  /** Optimistic concurrency: the version the caller read. Required when updating. */
  version: optional(int()),
});

export const saveAccount = object({
  account: accountInput,
  applayVATToSubAccounts: _default(optional(bool()), false),
});

export const getAccountsList = object({
  mainAccountId: _default(int(), -1),
  fromDate: optionalDate(),
  toDate: optionalDate(),
  /** -1 any; 1..5 the activity status to filter by (shared/activity-status.ts). */
  activityStatus: activityStatusFilter(),
  /** 'active' (default) or 'archived' — the archive view lets an authorised user restore. */
  status: _default(optional(oneOf(['active', 'archived'])), 'active'),
  pageSize: pageSize(),
  nextToken: nextToken(),
});

export const accountIdInput = object({ accountId: id() });

export type AccountInput = output<typeof accountInput>;
