import { enum as oneOf, literal, object, preprocess, union, type output } from 'zod';
import { bool, email, id, int, nextToken, optionalDate, pageSize, percent, phone, requiredText, text, url } from './fields';
import { activityStatusFilter } from './activities';

export const CURRENCIES = { USD: 1, ILS: 2 } as const;

/** Account as the console and legacy client send it. ID <= 0 means "create". */
export const accountInput = object({
  ID: int().default(0),
  Name: requiredText(200),
  ParentId: preprocess((v) => (v === '' || v === 0 || v === '0' ? null : v), id().nullable()).optional().default(null),
  Currency: preprocess((v) => (typeof v === 'string' ? Number(v) : v), union([literal(1), literal(2)])).default(2),
  ApplyVat: bool().default(true),
  ManagementFeePct: percent().default(0),
  ContactName: text(200).optional().default(''),
  ContactEmail: union([literal(''), email()]).optional().default(''),
  Phone: union([literal(''), phone()]).optional().default(''),
  Website: union([literal(''), url()]).optional().default(''),
  /** Optimistic concurrency: the version the caller read. Required when updating. */
  version: int().optional(),
});

export const saveAccount = object({
  account: accountInput,
  applayVATToSubAccounts: bool().optional().default(false),
});

export const getAccountsList = object({
  mainAccountId: int().default(-1),
  fromDate: optionalDate(),
  toDate: optionalDate(),
  /** -1 any; 1..5 the activity status to filter by (shared/activity-status.ts). */
  activityStatus: activityStatusFilter(),
  /** 'active' (default) or 'archived' — the archive view lets an authorised user restore. */
  status: oneOf(['active', 'archived']).optional().default('active'),
  pageSize: pageSize(),
  nextToken: nextToken(),
});

export const accountIdInput = object({ accountId: id() });

export type AccountInput = output<typeof accountInput>;
