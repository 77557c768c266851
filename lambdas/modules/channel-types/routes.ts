import {
  getAccountChannelTypesList,
  getChannelTypesList,
  initAccountChannelTypes,
  saveAccountChannelField,
  saveAccountManagementFee,
  saveAccountSystemFee,
  saveChannelType,
  updateChannelTypesField,
} from './schemas';
import type { AccountChannelTypesInit, AccountChannelTypesList, BulkEditResult, ChannelType } from './replies';
import type { ListOf } from '../../shared/replies/reply';
import { replyOf, route } from '../../kit/route';

/**
 * The global channel-type catalogue (platform data, system administrators). Its inline edit,
 * AccountsService.UpdateChannelTypesField, and the account copies are below, under the service the
 * API names them in.
 */
export const getChannelTypesListRoute = /* @__PURE__ */ route({
  // 'optional': the catalogue is platform-wide; when the page names its account, the kit checks it.
  service: 'ChannelTypesService',
  method: 'GetChannelTypesList',
  access: 'read',
  requires: 'signedIn',
  accountScope: 'optional',
  input: getChannelTypesList,
  reply: replyOf<ListOf<ChannelType>>,
  summary: 'The global channel-type catalogue by group and name, retired types (Active false) included',
});

export const saveChannelTypeRoute = /* @__PURE__ */ route({
  service: 'ChannelTypesService',
  method: 'SaveChannelType',
  access: 'write',
  requires: 'systemAdmin',
  accountScope: 'none',
  input: saveChannelType,
  reply: replyOf<ChannelType>,
  summary: 'Creates (ID <= 0) or updates a global channel type; names are unique in the catalogue',
});

/** Every route of the service, for the manifest (a handler imports its own route only). */
export const CHANNEL_TYPES_SERVICE_ROUTES = [getChannelTypesListRoute, saveChannelTypeRoute] as const;

export const updateChannelTypesFieldRoute = /* @__PURE__ */ route({
  service: 'AccountsService',
  method: 'UpdateChannelTypesField',
  access: 'write',
  requires: 'systemAdmin',
  accountScope: 'none',
  input: updateChannelTypesField,
  reply: replyOf<ChannelType>,
  summary: 'Inline edit of one field of a global channel type (Name, Group, DefaultBuyType, ConnectorType, Active)',
});

export const initAccountChannelTypesRoute = /* @__PURE__ */ route({
  service: 'AccountsService',
  method: 'InitAccountChannelTypes',
  access: 'write',
  requires: 'staff',
  accountScope: 'required',
  input: initAccountChannelTypes,
  reply: replyOf<AccountChannelTypesInit>,
  summary: 'Copies the active global channel types to the account (reload: only the new ones; edited fees are kept)',
});

export const getAccountChannelTypesListRoute = /* @__PURE__ */ route({
  service: 'AccountsService',
  method: 'GetAccountChannelTypesList',
  access: 'read',
  requires: 'signedIn',
  accountScope: 'required',
  input: getAccountChannelTypesList,
  reply: replyOf<AccountChannelTypesList>,
  summary: "The account's channel types with its fees (a sub-account uses its main account's)",
});

export const saveAccountChannelFieldRoute = /* @__PURE__ */ route({
  service: 'AccountsService',
  method: 'SaveAccountChannelField',
  access: 'write',
  requires: 'staff',
  accountScope: 'required',
  input: saveAccountChannelField,
  reply: replyOf<BulkEditResult>,
  summary: 'Sets Active or Name on the selected account channel types, all-or-nothing',
});

export const saveAccountManagementFeeRoute = /* @__PURE__ */ route({
  service: 'AccountsService',
  method: 'SaveAccountManagementFee',
  access: 'write',
  requires: 'staff',
  accountScope: 'required',
  input: saveAccountManagementFee,
  reply: replyOf<BulkEditResult>,
  summary: 'Sets the management fee % of the selected account channel types, all-or-nothing',
});

export const saveAccountSystemFeeRoute = /* @__PURE__ */ route({
  service: 'AccountsService',
  method: 'SaveAccountSystemFee',
  access: 'write',
  requires: 'staff',
  accountScope: 'required',
  input: saveAccountSystemFee,
  reply: replyOf<BulkEditResult>,
  summary: 'Sets the system fee % of the selected account channel types, all-or-nothing',
});

export const ACCOUNT_CHANNEL_TYPE_ROUTES = [
  updateChannelTypesFieldRoute,
  initAccountChannelTypesRoute,
  getAccountChannelTypesListRoute,
  saveAccountChannelFieldRoute,
  saveAccountManagementFeeRoute,
  saveAccountSystemFeeRoute,
] as const;
