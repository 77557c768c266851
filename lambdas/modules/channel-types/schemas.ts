import {
  _default,
  array,
  boolean,
  enum as oneOf,
  maxLength,
  minLength,
  null as nullValue,
  nullable,
  number,
  object,
  optional,
  union,
  type output,
} from 'zod/mini';
import { BUY_TYPES } from '../../shared/money';
import { bool, id, int, percent, preprocess, requiredText, text } from '../../shared/schema-fields';
import { CHANNEL_GROUPS, CONNECTOR_TYPES, channelTypeName } from '../../shared/channel-type-lists';

export type { ChannelGroup, ConnectorType } from '../../shared/channel-type-lists';
export type { BuyType } from '../../shared/money';

/** Ids one bulk edit may name (the console selects at most a page of 500). */
export const MAX_BULK_IDS = 500;

/** Global channel type as the system-admin screen sends it. ID <= 0 means "create". */
export const channelTypeInput = object({
  ID: _default(int(), 0),
  Name: channelTypeName(),
  Group: oneOf(CHANNEL_GROUPS),
  DefaultBuyType: oneOf(BUY_TYPES),
  ConnectorType: _default(oneOf(CONNECTOR_TYPES), 'none'),
  Active: _default(bool(), true),
  /**
   * The caller's company's default vendor for the type (a usable vendor of the company); null
   * clears it, absent keeps it.
   */
  defaultVendorId: optional(nullable(id())),
  /** Optimistic concurrency: the version the caller read. Required when updating. */
  version: optional(int()),
});

export const saveChannelType = object({ channelType: channelTypeInput });
export const getChannelTypesList = object({});

/**
 * An inline-edit value: its type depends on the field it is for, so the schema only bounds it and
 * the domain validates it per field (a text, an enum value or a boolean).
 */
const fieldValue = () => union([text(200), number(), boolean()], { error: 'must be a text, a number or true/false' });
/** The account copies' values: null too, which clears a copy's default vendor. */
const accountFieldValue = () =>
  union([text(200), number(), boolean(), nullValue()], { error: 'must be a text, a number, true/false or null' });

/** AccountsService.UpdateChannelTypesField (the API's spelling: Id, field_name, field_value). */
export const updateChannelTypesField = object({
  Id: id(),
  field_name: requiredText(64),
  field_value: fieldValue(),
});

/**
 * `ids` of the bulk edits: a JSON array of account channel type ids. The legacy client posts it as
 * a form value holding the JSON text (`ids=[1,2,3]`, which the kit decodes), a JSON caller may send
 * the array itself or the same JSON text as a string; both reach the schema as an array.
 */
const jsonArrayText = (v: unknown) => {
  if (typeof v !== 'string' || !v.trim().startsWith('[')) return v;
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
};
export const idList = () =>
  preprocess(
    jsonArrayText,
    array(id(), { error: 'must be a JSON array of ids' }).check(
      minLength(1, 'select at least one id'),
      maxLength(MAX_BULK_IDS, `at most ${MAX_BULK_IDS} ids in one call`),
    ),
  );

/** reload has no default on purpose: an empty body must not set up channel types by accident. */
export const initAccountChannelTypes = object({ reload: bool() });
export const getAccountChannelTypesList = object({});
export const saveAccountChannelField = object({
  ids: idList(),
  fieldName: requiredText(64),
  fieldValue: accountFieldValue(),
});
export const saveAccountManagementFee = object({ ids: idList(), management_fee: percent() });
export const saveAccountSystemFee = object({ ids: idList(), system_fee: percent() });

export type ChannelTypeInput = output<typeof channelTypeInput>;
