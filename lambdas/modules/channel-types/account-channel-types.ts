import { ConflictError, NotFoundError, staleVersion } from '../../core/errors';
import { getAccount, type Account } from '../tenancy';
import type { AccountChannelType } from './account-channel-type-store';
import {
  insertAccountChannelTypes,
  listAccountChannelTypes,
  replaceAccountChannelTypes,
} from './account-channel-type-store.dynamodb';
import { listChannelTypes } from './channel-type-store.dynamodb';
import type { UserProfile } from '../tenancy';
import { nextIds } from '../../aws/dynamodb/write-helpers';
import { channelTypeName } from '../../shared/channel-type-lists';
import { id, preprocess } from '../../shared/schema-fields';
import { nullable } from 'zod/mini';
import { requireUsableVendor } from '../vendors';
import { allowedField, byGroupAndName, fieldValueFor, flexibleBool } from './channel-types';
import type { AccountChannelTypesInit, AccountChannelTypesList, BulkEditResult } from './replies';

/** The replies (modules/channel-types/replies.ts). */
export type { AccountChannelTypesInit, AccountChannelTypesList, BulkEditResult };

/**
 * The main account behind the request's account (the kit checked x-account-id already). Channel
 * types belong to the main account, so a sub-account's page reads and edits its main account's.
 */
async function mainAccountOf(caller: UserProfile, scopeAccountId: number): Promise<Account & { page: Account }> {
  const account = await getAccount(caller.companyId, scopeAccountId);
  if (!account)
    throw new NotFoundError(`Account ${scopeAccountId} was not found`, 'NOT_FOUND', {
      entity: 'Account',
      id: scopeAccountId,
    });
  if (account.ParentId === null) return { ...account, page: account };
  const main = await getAccount(caller.companyId, account.ParentId);
  if (!main)
    throw new NotFoundError(`Main account ${account.ParentId} was not found`, 'NOT_FOUND', {
      entity: 'Account',
      id: account.ParentId,
    });
  return { ...main, page: account };
}

/** No write under an archived account: neither the main account nor the sub-account page it is edited from. */
function assertActive(main: Account & { page: Account }) {
  for (const a of [main, main.page]) {
    if (a.Status !== 'Active')
      throw new ConflictError(
        `Account '${a.Name}' is archived; restore it before editing its channel types`,
        'ACCOUNT_ARCHIVED',
        { account: a.Name },
      );
  }
}

/** AccountsService.GetAccountChannelTypesList. */
export async function getAccountChannelTypesList(
  caller: UserProfile,
  scopeAccountId: number,
): Promise<AccountChannelTypesList> {
  const main = await mainAccountOf(caller, scopeAccountId);
  return { AccountId: main.ID, Items: (await listAccountChannelTypes(caller.companyId, main.ID)).sort(byGroupAndName) };
}

/**
 * AccountsService.InitAccountChannelTypes. The first call copies every active global type, with
 * the account's management fee and a 0 % system fee. Called again with reload false on an account
 * that has copies, it returns them unchanged; with reload true it copies only the global types that
 * are new since (active ones), leaving existing copies — their names, fees, Active — as they are.
 */
export async function initAccountChannelTypes(
  caller: UserProfile,
  scopeAccountId: number,
  reload: boolean,
): Promise<AccountChannelTypesInit> {
  const main = await mainAccountOf(caller, scopeAccountId);
  const existing = await listAccountChannelTypes(caller.companyId, main.ID, true);
  if (existing.length > 0 && !reload) return { AccountId: main.ID, Items: existing.sort(byGroupAndName), Added: 0 };
  assertActive(main);
  const have = new Set(existing.map((t) => t.ChannelTypeId));
  const missing = (await listChannelTypes()).filter((g) => g.Active && !have.has(g.ID));
  const ids = await nextIds(caller.companyId, 'AccountChannelType', missing.length);
  const now = new Date().toISOString();
  const copies: AccountChannelType[] = missing.map((g, i) => ({
    ID: ids[i],
    AccountId: main.ID,
    ChannelTypeId: g.ID,
    Name: g.Name,
    Group: g.Group,
    DefaultBuyType: g.DefaultBuyType,
    ConnectorType: g.ConnectorType,
    ManagementFeePct: main.ManagementFeePct,
    SystemFeePct: 0,
    Active: true,
    DefaultVendorId: null,
    version: 1,
    createdAt: now,
    createdBy: caller.email,
    updatedAt: now,
    updatedBy: caller.email,
  }));
  await insertAccountChannelTypes(
    caller.companyId,
    copies,
    staleVersion('The channel types of this account were set up by someone else meanwhile; reload them'),
  );
  return { AccountId: main.ID, Items: [...existing, ...copies].sort(byGroupAndName), Added: copies.length };
}

/**
 * The fields SaveAccountChannelField may set; fees have their own calls. DefaultVendorId: a usable
 * vendor of the company (its id), or null (also '' or 0, as a cleared select posts it) for none.
 */
export const ACCOUNT_CHANNEL_FIELDS = ['Active', 'Name', 'DefaultVendorId'] as const;
const noVendor = (v: unknown) => (v === '' || v === 0 || v === '0' ? null : v);
const ACCOUNT_FIELD_RULES = {
  Active: flexibleBool(),
  Name: channelTypeName(),
  DefaultVendorId: preprocess(noVendor, nullable(id())),
};

/** AccountsService.SaveAccountChannelField: Active or Name of the selected copies. */
export async function saveAccountChannelField(
  caller: UserProfile,
  scopeAccountId: number,
  input: { ids: number[]; fieldName: string; fieldValue: unknown },
): Promise<BulkEditResult> {
  const field = allowedField('fieldName', input.fieldName, ACCOUNT_CHANNEL_FIELDS);
  const value = fieldValueFor(
    'fieldValue',
    field,
    ACCOUNT_FIELD_RULES[field],
    input.fieldValue,
  ) as AccountChannelType[typeof field];
  if (field === 'DefaultVendorId' && value !== null) await requireUsableVendor(caller.companyId, value as number);
  return bulkEdit(caller, scopeAccountId, input.ids, field, value);
}

/** AccountsService.SaveAccountManagementFee / SaveAccountSystemFee: a fee (percent) of the selected copies. */
export async function saveAccountFee(
  caller: UserProfile,
  scopeAccountId: number,
  ids: number[],
  field: 'ManagementFeePct' | 'SystemFeePct',
  pct: number,
): Promise<BulkEditResult> {
  return bulkEdit(caller, scopeAccountId, ids, field, pct);
}

/**
 * Sets one field on every selected copy, all-or-nothing: every id is checked first (it must be a
 * copy of this account: an id of another account, even of the same company, is 404 and nothing is
 * written), then the changes are written with their audit entries in one transaction, or in
 * compensated chunks when there are more than one transaction holds (modules/channel-types/chunked-replace).
 */
async function bulkEdit<F extends 'Active' | 'Name' | 'DefaultVendorId' | 'ManagementFeePct' | 'SystemFeePct'>(
  caller: UserProfile,
  scopeAccountId: number,
  ids: number[],
  field: F,
  value: AccountChannelType[F],
): Promise<BulkEditResult> {
  const main = await mainAccountOf(caller, scopeAccountId);
  const copies = new Map((await listAccountChannelTypes(caller.companyId, main.ID, true)).map((t) => [t.ID, t]));
  const selected = [...new Set(ids)];
  const unknown = selected.filter((id) => !copies.has(id));
  if (unknown.length) {
    const shown = unknown.slice(0, 10).join(', ') + (unknown.length > 10 ? ` and ${unknown.length - 10} more` : '');
    throw new NotFoundError(
      `ids: account channel type ${shown} ${unknown.length === 1 ? 'is' : 'are'} not a channel type of account ${main.ID}`,
      'NOT_FOUND',
      { entity: 'AccountChannelType', id: shown },
    );
  }
  assertActive(main);
  const now = new Date().toISOString();
  const before = selected.map((id) => copies.get(id)!);
  const changes = before
    .filter((b) => b[field] !== value)
    .map((b) => ({
      before: b,
      after: { ...b, [field]: value, version: b.version + 1, updatedAt: now, updatedBy: caller.email },
    }));
  if (changes.length) {
    await replaceAccountChannelTypes(
      caller.companyId,
      changes,
      staleVersion(
        'Some of the selected channel types were changed by someone else meanwhile, so nothing was saved; reload them and try again.',
      ),
    );
  }
  const changed = new Map(changes.map((c) => [c.after.ID, c.after]));
  return {
    AccountId: main.ID,
    Items: before.map((b) => changed.get(b.ID) ?? b).sort(byGroupAndName),
    Changed: changes.length,
  };
}

/**
 * One copy of an account by its id, for other services (a media plan line names its account channel
 * type). `accountId` may be a sub-account: its main account's copies are searched.
 */
export async function accountChannelTypeById(
  companyId: number,
  accountId: number,
  id: number,
): Promise<AccountChannelType> {
  const account = await getAccount(companyId, accountId);
  const mainId = account?.ParentId ?? accountId;
  const found = (await listAccountChannelTypes(companyId, mainId)).find((t) => t.ID === id);
  if (!found)
    throw new NotFoundError(`Account channel type ${id} is not a channel type of account ${mainId}`, 'NOT_FOUND', {
      entity: 'AccountChannelType',
      id,
    });
  return found;
}
