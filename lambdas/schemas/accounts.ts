import { z } from 'zod';
import { bool, decimal, email, id, int, isoDate, nextToken, pageSize, percent, phone, requiredText, text, url } from './fields';

export const CURRENCIES = { USD: 1, ILS: 2 } as const;

/** Account as the console and legacy client send it. ID <= 0 means "create". */
export const accountInput = z.object({
  ID: int().default(0),
  Name: requiredText(200),
  ParentId: z.preprocess((v) => (v === '' || v === 0 || v === '0' ? null : v), id().nullable()).optional().default(null),
  Currency: z.preprocess((v) => (typeof v === 'string' ? Number(v) : v), z.union([z.literal(1), z.literal(2)])).default(2),
  ApplyVat: bool().default(true),
  ManagementFeePct: percent().default(0),
  ContactName: text(200).optional().default(''),
  ContactEmail: z.union([z.literal(''), email()]).optional().default(''),
  Phone: z.union([z.literal(''), phone()]).optional().default(''),
  Website: z.union([z.literal(''), url()]).optional().default(''),
  /** Optimistic concurrency: the version the caller read. Required when updating. */
  version: int().optional(),
});

export const saveAccount = z.object({
  account: accountInput,
  applayVATToSubAccounts: bool().optional().default(false),
});

export const getAccountsList = z.object({
  mainAccountId: int().default(-1),
  fromDate: z.union([z.literal(''), isoDate()]).optional().nullable(),
  toDate: z.union([z.literal(''), isoDate()]).optional().nullable(),
  activityStatus: int().default(-1),
  /** 'active' (default) or 'archived' — the archive view lets an authorised user restore. */
  status: z.enum(['active', 'archived']).optional().default('active'),
  pageSize: pageSize(),
  nextToken: nextToken(),
});

export const accountIdInput = z.object({ accountId: id() });

export type AccountInput = z.infer<typeof accountInput>;
export { decimal };
