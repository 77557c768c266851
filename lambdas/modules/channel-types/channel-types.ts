import { boolean, enum as oneOf, type ZodMiniType } from 'zod/mini';
import { ConflictError, NotFoundError, STALE_VERSION_MESSAGE, ValidationError } from '../../core/errors';
import type { ChannelType } from './channel-type-store';
import type { ChannelType as ChannelTypeView } from './replies';
import {
  companyDefaultVendors,
  companyDefaultVendorWrites,
  getChannelType,
  insertChannelType,
  listChannelTypes,
  PLATFORM_COMPANY_ID,
  replaceChannelType,
} from './channel-type-store.dynamodb';
import { nextId } from '../../aws/dynamodb/counters';
import type { UserProfile } from '../tenancy';
import { requireUsableVendor } from '../vendors';
import type { ListOf } from '../../shared/replies/reply';
import { reasonText } from '../../shared/error-reasons';
import { codeOf } from '../../shared/issue-codes';
import type { ChannelTypeInput } from './schemas';
import { CHANNEL_GROUPS, CONNECTOR_TYPES, channelTypeName } from '../../shared/channel-type-lists';
import { BUY_TYPES } from '../../shared/money';
import { preprocess } from '../../shared/schema-fields';

/** Catalogue order: by group (Search … Offline), then name. */
export function byGroupAndName<T extends { Group: string; Name: string; ID: number }>(a: T, b: T): number {
  const g =
    (CHANNEL_GROUPS as readonly string[]).indexOf(a.Group) - (CHANNEL_GROUPS as readonly string[]).indexOf(b.Group);
  return g || a.Name.localeCompare(b.Name) || a.ID - b.ID;
}

/** A stored type as the caller's company sees it: with its own default vendor (none: null). */
const viewOf = (t: ChannelType, defaultVendorId: number | null | undefined): ChannelTypeView => ({
  ...t,
  DefaultVendorId: defaultVendorId ?? null,
});

/** The company's default vendor of one type, for the replies of the writes. */
const defaultVendorOf = async (companyId: number, typeId: number) =>
  (await companyDefaultVendors(companyId)).get(typeId) ?? null;

/** ChannelTypesService.GetChannelTypesList: the whole catalogue, retired types included (Active false). */
export async function listGlobalChannelTypes(caller: UserProfile): Promise<ListOf<ChannelTypeView>> {
  const [types, defaults] = await Promise.all([listChannelTypes(), companyDefaultVendors(caller.companyId)]);
  return { Items: types.sort(byGroupAndName).map((t) => viewOf(t, defaults.get(t.ID))) };
}

/**
 * The writes that move the caller's company's default vendor of a type from `before` to the input's
 * (absent: kept; null: cleared; an id: a usable vendor of the company, else 404 / 409 ENTITY_ARCHIVED).
 */
async function defaultVendorChange(
  caller: UserProfile,
  typeId: number,
  before: number | null,
  input: number | null | undefined,
  at: string,
) {
  if (input === undefined || input === before) return { after: before, writes: [] };
  if (input !== null) await requireUsableVendor(caller.companyId, input);
  const change = { before, after: input, who: caller.email, at };
  return { after: input, writes: companyDefaultVendorWrites(caller.companyId, typeId, change) };
}

/** ChannelTypesService.SaveChannelType: ID <= 0 creates, else updates the version the caller read. */
export async function saveChannelType(caller: UserProfile, input: ChannelTypeInput): Promise<ChannelTypeView> {
  const now = new Date().toISOString();
  if (input.ID <= 0) {
    if (input.defaultVendorId) await requireUsableVendor(caller.companyId, input.defaultVendorId);
    const ID = await nextId(PLATFORM_COMPANY_ID, 'ChannelType');
    const vendor = await defaultVendorChange(caller, ID, null, input.defaultVendorId, now);
    const created: ChannelType = {
      ID,
      Name: input.Name,
      Group: input.Group,
      DefaultBuyType: input.DefaultBuyType,
      ConnectorType: input.ConnectorType,
      Active: input.Active,
      version: 1,
      createdAt: now,
      createdBy: caller.email,
      updatedAt: now,
      updatedBy: caller.email,
    };
    await insertChannelType(created, vendor.writes);
    return viewOf(created, vendor.after);
  }
  const before = await loadChannelType(input.ID);
  if (input.version === undefined)
    throw new ValidationError(
      'channelType.version: is required when updating (send the version you read)',
      'FIELD_REQUIRED',
      { field: 'channelType.version' },
    );
  if (before.version !== input.version) throw new ConflictError(STALE_VERSION_MESSAGE, 'STALE_VERSION');
  const vendorBefore = await defaultVendorOf(caller.companyId, before.ID);
  const vendor = await defaultVendorChange(caller, before.ID, vendorBefore, input.defaultVendorId, now);
  const after: ChannelType = {
    ...before,
    Name: input.Name,
    Group: input.Group,
    DefaultBuyType: input.DefaultBuyType,
    ConnectorType: input.ConnectorType,
    Active: input.Active,
    version: before.version + 1,
    updatedAt: now,
    updatedBy: caller.email,
  };
  await replaceChannelType(before, after, new ConflictError(STALE_VERSION_MESSAGE, 'STALE_VERSION'), vendor.writes);
  return viewOf(after, vendor.after);
}

/** true/false as form posts and grids send them: booleans, "true"/"false", 1/0, "1"/"0". */
const booleanish = (v: unknown) =>
  v === 'true' || v === '1' || v === 1 ? true : v === 'false' || v === '0' || v === 0 ? false : v;
export const flexibleBool = () => preprocess(booleanish, boolean({ error: 'must be true or false' }));

/** The fields the inline edit (UpdateChannelTypesField) may change, each with its own rule. */
export const CHANNEL_TYPE_FIELDS = ['Name', 'Group', 'DefaultBuyType', 'ConnectorType', 'Active'] as const;
const FIELD_RULES: Record<(typeof CHANNEL_TYPE_FIELDS)[number], ZodMiniType> = {
  Name: channelTypeName(),
  Group: oneOf(CHANNEL_GROUPS),
  DefaultBuyType: oneOf(BUY_TYPES),
  ConnectorType: oneOf(CONNECTOR_TYPES),
  Active: flexibleBool(),
};

/** Field name of an allow-list, matched case-insensitively; anything else is a 400 naming it. */
export function allowedField<F extends string>(label: string, given: string, allowed: readonly F[]): F {
  const hit = allowed.find((f) => f.toLowerCase() === given.trim().toLowerCase());
  if (!hit)
    throw new ValidationError(
      `${label}: '${given}' cannot be edited here; editable fields are ${allowed.join(', ')}`,
      'FIELD_NOT_EDITABLE',
      { field: label, name: given, allowed: allowed.join(', ') },
    );
  return hit;
}

/** A value checked by a field's schema; the 400 names the value parameter and the field. */
export function fieldValueFor(label: string, field: string, schema: ZodMiniType, value: unknown): unknown {
  const r = schema.safeParse(value);
  if (!r.success) {
    // The schema's own reason for the field (shared/issue-codes.ts), named as the bulk edit names it.
    const [, params] = codeOf(r.error.issues[0]);
    const detail = String(params.detail ?? reasonText('INVALID'));
    throw new ValidationError(`${label}: not a valid ${field}: ${detail}`, 'FIELD_INVALID', {
      reason: 'INVALID',
      ...params,
      field: `${label} (${field})`,
      detail,
    });
  }
  return r.data;
}

/** AccountsService.UpdateChannelTypesField: one field of one global channel type (inline edit). */
export async function updateChannelTypeField(
  caller: UserProfile,
  input: { Id: number; field_name: string; field_value: unknown },
): Promise<ChannelTypeView> {
  const field = allowedField('field_name', input.field_name, CHANNEL_TYPE_FIELDS);
  const value = fieldValueFor('field_value', field, FIELD_RULES[field], input.field_value);
  const before = await loadChannelType(input.Id);
  const vendor = await defaultVendorOf(caller.companyId, before.ID);
  if (before[field] === value) return viewOf(before, vendor);
  const after: ChannelType = {
    ...before,
    [field]: value,
    version: before.version + 1,
    updatedAt: new Date().toISOString(),
    updatedBy: caller.email,
  };
  await replaceChannelType(before, after, new ConflictError(STALE_VERSION_MESSAGE, 'STALE_VERSION'));
  return viewOf(after, vendor);
}

async function loadChannelType(id: number): Promise<ChannelType> {
  const t = await getChannelType(id, true);
  if (!t) throw new NotFoundError(`Channel type ${id} was not found`, 'NOT_FOUND', { entity: 'ChannelType', id });
  return t;
}
