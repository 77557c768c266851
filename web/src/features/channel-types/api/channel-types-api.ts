import { PLATFORM_IDS } from '@server/shared/connector-platforms';
import type {
  AccountChannelType,
  AccountChannelTypesList,
  BulkEditResult,
  BuyType,
  ChannelGroup,
  ChannelType,
  ConnectorType,
} from '@server/modules/channel-types/replies';
import { BUY_TYPES } from '@server/shared/money';
import { callApi } from '../../../lib/api-client';
import type { RequestOf } from '../../../lib/api-types';

export type {
  AccountChannelType,
  AccountChannelTypesList,
  BulkEditResult,
  BuyType,
  ChannelGroup,
  ChannelType,
  ConnectorType,
};
export { BUY_TYPES };
export type ChannelTypePayload = RequestOf<'ChannelTypesService', 'SaveChannelType'>['channelType'];

/**
 * The lists of lambdas/modules/channel-types/schemas.ts, repeated here because the console does not load
 * the schemas at run time (a test keeps them equal). Buy types come from the shared money module.
 */
export const CHANNEL_GROUPS = [
  'Search',
  'Social',
  'Video',
  'Display',
  'Offline',
] as const satisfies readonly ChannelGroup[];
export const CONNECTOR_TYPES = [
  ...PLATFORM_IDS,
  'linkedin_ads',
  'taboola',
  'outbrain',
  'dv360',
  'csv_upload',
  'none',
] as const satisfies readonly ConnectorType[];

// ---- The account's channel types (x-account-id = the page's account) ----

export function fetchAccountChannelTypes(accountId: number, signal?: AbortSignal) {
  return callApi('AccountsService', 'GetAccountChannelTypesList', {}, { accountId, signal });
}

/** reload false sets up an account that has none; true adds the global types that are new since. */
export function initAccountChannelTypes(accountId: number, reload: boolean) {
  return callApi('AccountsService', 'InitAccountChannelTypes', { reload }, { accountId });
}

export function saveManagementFee(accountId: number, ids: number[], pct: number) {
  return callApi('AccountsService', 'SaveAccountManagementFee', { ids, management_fee: pct }, { accountId });
}

export function saveSystemFee(accountId: number, ids: number[], pct: number) {
  return callApi('AccountsService', 'SaveAccountSystemFee', { ids, system_fee: pct }, { accountId });
}

export function saveAccountChannelActive(accountId: number, ids: number[], active: boolean) {
  return callApi(
    'AccountsService',
    'SaveAccountChannelField',
    { ids, fieldName: 'Active', fieldValue: active },
    { accountId },
  );
}

/** The selected copies' default vendor (null: none, the channel type's). */
export function saveAccountDefaultVendor(accountId: number, ids: number[], vendorId: number | null) {
  return callApi(
    'AccountsService',
    'SaveAccountChannelField',
    { ids, fieldName: 'DefaultVendorId', fieldValue: vendorId },
    { accountId },
  );
}

/** The company's vendors (agency staff), active or archived, for the default-vendor pickers. */
export function fetchVendors(archived: boolean, signal?: AbortSignal) {
  return callApi('VendorsService', 'GetVendorsList', { archived, pageSize: 200 }, { signal });
}

// ---- The global catalogue (system administrators) ----

export function fetchChannelTypes(signal?: AbortSignal) {
  return callApi('ChannelTypesService', 'GetChannelTypesList', {}, { signal });
}

export function saveChannelType(channelType: ChannelTypePayload) {
  return callApi('ChannelTypesService', 'SaveChannelType', { channelType });
}

export type InlineField = 'Name' | 'Group' | 'DefaultBuyType' | 'ConnectorType' | 'Active';

export function updateChannelTypeField(id: number, field: InlineField, value: string | boolean) {
  return callApi('AccountsService', 'UpdateChannelTypesField', { Id: id, field_name: field, field_value: value });
}
