import type { output } from 'zod/mini';
import { ForbiddenError, NotFoundError, ValidationError } from '../../core/errors';
import { listAccountChannelTypes } from '../channel-types';
import { getAccounts } from '../tenancy';
import type { StoredAuditEntry } from './store';
import { listAuditEntries } from './store.dynamodb';
import { getChannelType, PLATFORM_COMPANY_ID } from '../channel-types';
import { getCustomColumn } from '../custom-columns';
import { getRate } from '../exchange-rates';
import { planStore } from '../media-plans';
import { getProfile, type UserProfile } from '../tenancy';
import { getTemplate } from '../templates';
import { getVendor } from '../vendors';
import type { getItemHistory } from './schemas';
import { REQUIRES, refusalOf, type Requirement } from '../../shared/policy';
import { CURRENCY_CODES } from '../../shared/version-status';
import type { HistoryAction, HistoryEntity, HistoryEntry, HistoryValue, ItemHistoryPage } from './replies';
import { loadAccountInScope } from '../tenancy';
import { diffSnapshots } from './audit-diff';
import { loadActivityInScope, loadVersionInScope, mainAccountOf } from '../media-plans';
import { nameIn, userNames } from '../users';

/**
 * An item's history: its audit entries, newest first, each with who (by name), when,
 * what was done and the fields it changed (modules/history/audit-diff.ts). The caller must be allowed to READ
 * the item, by the same checks its own read uses: an account's items (the account, its activities,
 * plan versions and lines, its channel-type copies) through the request's account (x-account-id,
 * required for these) like the plan and account routes; company settings by their read permission;
 * the global channel-type catalogue by system admins only (its entries name platform operators). The
 * company is always the caller's, so another company's id is simply not found.
 */

type Input = output<typeof getItemHistory>;

const DEFAULT_PAGE = 20;

/** Where a kind's entries are written (repositories/*: the `entity` of their auditPut). */
const AUDIT_ENTITY: Record<HistoryEntity, string> = {
  account: 'Account',
  activity: 'Activity',
  mediaMix: 'MediaMix',
  mediaChannel: 'MediaChannel',
  channelType: 'ChannelType',
  accountChannelType: 'AccountChannelType',
  template: 'Template',
  customColumn: 'CustomColumn',
  configuration: 'Configuration',
  user: 'User',
  exchangeRate: 'ExchangeRate',
  billableStatement: 'BillableStatement',
  vendor: 'Vendor',
};

const ACTIONS: readonly HistoryAction[] = ['create', 'update', 'archive', 'restore', 'finalize', 'reopen'];

const notFound = (entity: HistoryEntity, id: string) =>
  new NotFoundError(`${AUDIT_ENTITY[entity]} ${id} was not found`, 'NOT_FOUND', { entity: AUDIT_ENTITY[entity], id });

function numericId(id: string): number {
  const n = Number(id);
  if (!/^\d{1,10}$/.test(id) || !Number.isSafeInteger(n) || n < 1 || n > 2147483647) {
    throw new ValidationError('id: must be a positive whole number for this kind of item', 'FIELD_INVALID', {
      field: 'id',
      detail: 'must be a positive whole number',
      reason: 'POSITIVE',
    });
  }
  return n;
}

function requireScope(accountId: number | undefined): number {
  if (accountId === undefined)
    throw new ValidationError('x-account-id: header is required', 'FIELD_REQUIRED', { field: 'x-account-id' });
  return accountId;
}

function requirePermission(caller: UserProfile, requirement: Requirement): void {
  const refusal = refusalOf(caller, requirement);
  if (!refusal) return;
  if (refusal.code === 'CLIENT_READ_ONLY')
    throw new ForbiddenError('Client users cannot read item history', 'CLIENT_READ_ONLY');
  throw new ForbiddenError(`Missing permission: ${refusal.permission}`, 'PERMISSION_MISSING', {
    permission: refusal.permission,
  });
}

/** An exchange rate's audit id, `FROM-TO-YYYY-MM-DD` (modules/exchange-rates/store.dynamodb.ts rateAuditId). */
const RATE_ID = /^([A-Z]{3})-([A-Z]{3})-(\d{4}-\d{2}-\d{2})$/;

/** An exchange rate's history is read only while the rate (or its inverse) exists: 404 otherwise. */
async function checkRateExists(companyId: number, id: string): Promise<void> {
  const m = RATE_ID.exec(id);
  if (!m)
    throw new ValidationError('id: an exchange rate is named FROM-TO-YYYY-MM-DD', 'FIELD_INVALID', {
      field: 'id',
      detail: 'must be FROM-TO-YYYY-MM-DD',
      reason: 'INVALID',
    });
  const [, from, to, date] = m;
  if (!(await getRate(companyId, from, to, date)) && !(await getRate(companyId, from, to, date, true)))
    throw notFound('exchangeRate', id);
}

/** A billable month's audit id, `<account>#YYYY-MM`, once the account is in the caller's reach. */
async function billableMonthAuditId(caller: UserProfile, accountId: number, id: string): Promise<string> {
  const scope = (await loadAccountInScope(caller, accountId, accountId)).ID;
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(id))
    throw new ValidationError('id: a billable month is named YYYY-MM', 'FIELD_INVALID', {
      field: 'id',
      detail: 'must be YYYY-MM',
      reason: 'MONTH_FORMAT',
    });
  return `${scope}#${id}`;
}

/**
 * Checks the caller may read the item, and answers the company partition its entries live in and the
 * audit id they carry. 404 for an item the company does not have; 403 for one outside the caller's reach.
 */
async function readableItem(
  caller: UserProfile,
  accountId: number | undefined,
  entity: HistoryEntity,
  id: string,
): Promise<{ companyId: number; auditId: string }> {
  const companyId = caller.companyId;
  const own = (auditId: string | number) => ({ companyId, auditId: String(auditId) });
  switch (entity) {
    case 'account':
      return own((await loadAccountInScope(caller, requireScope(accountId), numericId(id))).ID);
    case 'activity':
      return own((await loadActivityInScope(caller, requireScope(accountId), numericId(id))).ID);
    case 'mediaMix':
      return own((await loadVersionInScope(caller, requireScope(accountId), numericId(id))).ID);
    case 'mediaChannel': {
      const scope = requireScope(accountId);
      const lineId = numericId(id);
      const versionId = await planStore.lineVersionId(companyId, lineId);
      if (versionId === undefined) throw notFound(entity, id);
      await loadVersionInScope(caller, scope, versionId);
      return own(lineId);
    }
    case 'accountChannelType': {
      const main = await mainAccountOf(companyId, requireScope(accountId));
      const copyId = numericId(id);
      if (!(await listAccountChannelTypes(companyId, main.ID)).some((t) => t.ID === copyId)) throw notFound(entity, id);
      return own(copyId);
    }
    case 'channelType': {
      requirePermission(caller, REQUIRES.systemAdmin);
      const typeId = numericId(id);
      if (!(await getChannelType(typeId))) throw notFound(entity, id);
      return { companyId: PLATFORM_COMPANY_ID, auditId: String(typeId) };
    }
    case 'template': {
      const templateId = numericId(id);
      if (!(await getTemplate(companyId, templateId))) throw notFound(entity, id);
      return own(templateId);
    }
    case 'vendor': {
      // Read by agency staff, as GetVendor is (the route's own requirement).
      const vendorId = numericId(id);
      if (!(await getVendor(companyId, vendorId))) throw notFound(entity, id);
      return own(vendorId);
    }
    case 'customColumn': {
      const columnId = numericId(id);
      if (!(await getCustomColumn(companyId, columnId))) throw notFound(entity, id);
      return own(columnId);
    }
    case 'configuration':
      // One per company, audited under the company's id: any other id is not this company's.
      if (id !== String(companyId)) throw notFound(entity, id);
      return own(companyId);
    case 'user':
      requirePermission(caller, REQUIRES.generalSettings);
      if (!(await getProfile(companyId, id))) throw notFound(entity, id);
      return own(id);
    case 'exchangeRate':
      requirePermission(caller, REQUIRES.generalSettings);
      await checkRateExists(companyId, id);
      return own(id);
    case 'billableStatement':
      // A month of the page's account ('YYYY-MM'), read by whoever may read its statement.
      requirePermission(caller, REQUIRES.reports);
      return own(await billableMonthAuditId(caller, requireScope(accountId), id));
  }
}

/** Automatic changes are recorded as `system:<process>` (modules/media-plans/activity-schedule.ts). */
const SYSTEM_ACTOR = /^system:([a-z0-9-]{1,40})$/;

/** Fields that hold an account's id: shown as its name. */
const ACCOUNT_FIELDS = new Set(['AccountId', 'SubAccountId', 'ParentId']);

/** One stored entry as the drawer shows it (account ids as `accountName` has them, currencies by code). */
export function historyEntryOf(
  e: StoredAuditEntry,
  nameOf: (email: string) => string | null,
  accountName: (id: number) => string | undefined = () => undefined,
): HistoryEntry {
  const { changes, more } = diffSnapshots(e.action === 'create' ? null : e.before, e.after);
  const shown = (field: string, v: HistoryValue): HistoryValue => {
    if (typeof v !== 'number') return v;
    if (ACCOUNT_FIELDS.has(field)) return accountName(v) ?? v;
    if (field === 'Currency') return CURRENCY_CODES[v as 1 | 2] ?? v;
    return v;
  };
  const system = SYSTEM_ACTOR.exec(e.who ?? '')?.[1] ?? null;
  return {
    At: e.at,
    Action: (ACTIONS as readonly string[]).includes(e.action) ? (e.action as HistoryAction) : 'update',
    WhoName: system ? '' : (nameOf(e.who) ?? ''),
    System: system,
    Changes: changes.map((c) => ({ Field: c.Field, Before: shown(c.Field, c.Before), After: shown(c.Field, c.After) })),
    MoreChanges: more,
  };
}

/** The names of the accounts the entries' account fields name (one batch read). */
async function accountNamesOf(
  companyId: number,
  entries: readonly StoredAuditEntry[],
): Promise<(id: number) => string | undefined> {
  const ids = new Set<number>();
  for (const e of entries) {
    for (const snap of [e.before, e.after]) {
      if (!snap || typeof snap !== 'object') continue;
      for (const f of ACCOUNT_FIELDS) {
        const v = (snap as Record<string, unknown>)[f];
        if (typeof v === 'number' && Number.isSafeInteger(v) && v > 0) ids.add(v);
      }
    }
  }
  const names = new Map(ids.size ? (await getAccounts(companyId, [...ids])).map((a) => [a.ID, a.Name] as const) : []);
  return (id) => names.get(id);
}

export async function getItemHistoryFor(
  caller: UserProfile,
  accountId: number | undefined,
  input: Input,
): Promise<ItemHistoryPage> {
  const { companyId, auditId } = await readableItem(caller, accountId, input.entity, input.id);
  const [page, names] = await Promise.all([
    listAuditEntries(companyId, AUDIT_ENTITY[input.entity], auditId, input.pageSize ?? DEFAULT_PAGE, input.nextToken),
    userNames(caller.companyId),
  ]);
  const nameOf = nameIn(names);
  // Account items name accounts of the caller's company; the platform's catalogue names none.
  const accountName = companyId === caller.companyId ? await accountNamesOf(companyId, page.items) : () => undefined;
  return { Items: page.items.map((e) => historyEntryOf(e, nameOf, accountName)), NextToken: page.nextToken };
}
