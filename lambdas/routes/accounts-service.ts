import { campaignIdInput, saveCampaign } from '../schemas/connectors';
import type { CampaignView } from '../shared/replies/connectors';
import { accountIdInput, getAccountsList, saveAccount } from '../schemas/accounts';
import {
  getAccountChannelTypesList,
  initAccountChannelTypes,
  saveAccountChannelField,
  saveAccountManagementFee,
  saveAccountSystemFee,
  updateChannelTypesField,
} from '../schemas/channel-types';
import { channelIdInput, saveMediaChannel } from '../schemas/media-mixes';
import { getGroupPropmptsList, saveGroupPropmts } from '../schemas/ai-analytics';
import type { GroupPromptView } from '../shared/replies/ai-analytics';
import type { ListOf } from '../shared/replies/reply';
import type { AccountsPage, AccountView, MainAccountInfo } from '../shared/replies/accounts';
import type {
  AccountChannelTypesInit,
  AccountChannelTypesList,
  BulkEditResult,
  ChannelType,
} from '../shared/replies/channel-types';
import type { MediaChannelInfo, MediaChannelSaved, MediaChannelView } from '../shared/replies/media-mixes';
import { replyOf, route } from '../kit/route';

export const getAccountsListRoute = /* @__PURE__ */ route({
  service: 'AccountsService',
  method: 'GetAccountsList',
  access: 'read',
  requires: 'signedIn',
  accountScope: 'optional',
  input: getAccountsList,
  reply: replyOf<AccountsPage>,
  summary: 'Main accounts (mainAccountId -1) or the sub-accounts of one account, by name, paginated',
});

export const getMainAccountRoute = /* @__PURE__ */ route({
  service: 'AccountsService',
  method: 'GetMainAccount',
  access: 'read',
  requires: 'signedIn',
  accountScope: 'required',
  input: accountIdInput,
  reply: replyOf<MainAccountInfo>,
  summary: 'The main account of an account or sub-account, and what the caller may do there',
});

export const getAccountInfoRoute = /* @__PURE__ */ route({
  service: 'AccountsService',
  method: 'GetAccountInfo',
  access: 'read',
  requires: 'signedIn',
  accountScope: 'required',
  input: accountIdInput,
  reply: replyOf<AccountView>,
  summary: 'One account or sub-account',
});

export const createAccountRoute = /* @__PURE__ */ route({
  service: 'AccountsService',
  method: 'CreateAccount',
  access: 'write',
  requires: 'accountCreateDelete',
  accountScope: 'optional',
  input: saveAccount,
  reply: replyOf<AccountView>,
  summary: 'Creates a main account or sub-account (ID > 0 updates, as the legacy client expects)',
});

export const updateAccountRoute = /* @__PURE__ */ route({
  service: 'AccountsService',
  method: 'UpdateAccount',
  access: 'write',
  requires: 'staff',
  accountScope: 'required',
  input: saveAccount,
  reply: replyOf<AccountView>,
  summary: 'Updates an account; applayVATToSubAccounts copies ApplyVat to its sub-accounts in the same transaction',
});

export const deleteAccountRoute = /* @__PURE__ */ route({
  service: 'AccountsService',
  method: 'DeleteAccount',
  access: 'write',
  requires: 'accountCreateDelete',
  accountScope: 'required',
  input: accountIdInput,
  reply: replyOf<AccountView>,
  summary: 'Archives an account (restorable; nothing is destroyed)',
});

export const restoreAccountRoute = /* @__PURE__ */ route({
  service: 'AccountsService',
  method: 'RestoreAccount',
  access: 'write',
  requires: 'accountCreateDelete',
  accountScope: 'required',
  input: accountIdInput,
  reply: replyOf<AccountView>,
  summary: 'Brings an archived account back',
});

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

// Plan lines (media channels) of a media mix: names and parameters as the API spells them. Drafts only change.
export const getMediaChannelInfoRoute = /* @__PURE__ */ route({
  service: 'AccountsService',
  method: 'GetMediaChannelInfo',
  access: 'read',
  requires: 'signedIn',
  accountScope: 'required',
  input: channelIdInput,
  reply: replyOf<MediaChannelInfo>,
  summary: 'One plan line with its amounts and planned KPIs (client users: lines of Approved versions only)',
});

export const saveMediaChannelRoute = /* @__PURE__ */ route({
  service: 'AccountsService',
  method: 'SaveMediaChannel',
  access: 'write',
  requires: 'staff',
  accountScope: 'required',
  input: saveMediaChannel,
  reply: replyOf<MediaChannelSaved>,
  summary:
    "Adds (ID <= 0) or changes a line of a Draft media mix from the version read; dates within the activity's; fees default from the account channel type",
});

export const deleteMediaChannelRoute = /* @__PURE__ */ route({
  service: 'AccountsService',
  method: 'DeleteMediaChannel',
  access: 'write',
  requires: 'staff',
  accountScope: 'required',
  input: channelIdInput,
  reply: replyOf<MediaChannelView>,
  summary: 'Archives a line of a Draft media mix: out of the plan and its totals, kept with its audit entry',
});

/** Every route of the service, for the manifest (a handler imports its own route only). */
export const getCampaignInfoRoute = /* @__PURE__ */ route({
  service: 'AccountsService',
  method: 'GetCampaignInfo',
  access: 'read',
  requires: 'staff',
  accountScope: 'optional',
  input: campaignIdInput,
  reply: replyOf<CampaignView>,
  summary:
    'A platform campaign and the plan line it is mapped to (explicitly or by the naming rule), followed into the latest approved version',
});

export const saveCampaignRoute = /* @__PURE__ */ route({
  service: 'AccountsService',
  method: 'SaveCampaign',
  access: 'write',
  requires: 'staff',
  accountScope: 'optional',
  input: saveCampaign,
  reply: replyOf<CampaignView>,
  summary:
    'globalCampaign: maps a campaign to a plan line of its account explicitly (MediaChannelId), or clears it (null: the naming rule applies)',
});

/** The analysis prompts of the account's channel groups (the API spells it GetGroupPropmptsList). */
export const getGroupPropmptsListRoute = /* @__PURE__ */ route({
  service: 'AccountsService',
  method: 'GetGroupPropmptsList',
  access: 'read',
  requires: 'systemAdmin',
  accountScope: 'required',
  input: getGroupPropmptsList,
  reply: replyOf<ListOf<GroupPromptView>>,
  summary:
    'The AI analysis prompt of each channel group of the account: one per group always, the built-in default (Version 0) until saved',
});

export const saveGroupPropmtsRoute = /* @__PURE__ */ route({
  service: 'AccountsService',
  method: 'SaveGroupPropmts',
  access: 'write',
  requires: 'systemAdmin',
  accountScope: 'required',
  input: saveGroupPropmts,
  reply: replyOf<ListOf<GroupPromptView>>,
  summary:
    'Saves the AI analysis prompts of some channel groups from the versions read; an unknown {{placeholder}} is refused naming it',
});

export const ACCOUNTS_SERVICE_ROUTES = [
  getAccountsListRoute,
  getMainAccountRoute,
  getAccountInfoRoute,
  createAccountRoute,
  updateAccountRoute,
  deleteAccountRoute,
  restoreAccountRoute,
  updateChannelTypesFieldRoute,
  initAccountChannelTypesRoute,
  getAccountChannelTypesListRoute,
  saveAccountChannelFieldRoute,
  saveAccountManagementFeeRoute,
  saveAccountSystemFeeRoute,
  getMediaChannelInfoRoute,
  saveMediaChannelRoute,
  deleteMediaChannelRoute,
  getCampaignInfoRoute,
  saveCampaignRoute,
  getGroupPropmptsListRoute,
  saveGroupPropmtsRoute,
] as const;
