import { accountIdInput, getAccountsList, saveAccount } from '../schemas/accounts';
import {
  getAccountChannelTypesList, initAccountChannelTypes, saveAccountChannelField, saveAccountManagementFee, saveAccountSystemFee,
  updateChannelTypesField,
} from '../schemas/channel-types';
import { channelIdInput, saveMediaChannel } from '../schemas/media-mixes';
import type { AccountsPage, AccountView, MainAccountInfo } from '../shared/replies/accounts';
import type { AccountChannelTypesInit, AccountChannelTypesList, BulkEditResult, ChannelType } from '../shared/replies/channel-types';
import type { MediaChannelInfo, MediaChannelSaved, MediaChannelView } from '../shared/replies/media-mixes';
import { REQUIRES } from '../shared/policy';
import { replyOf, route } from './route';

export const ACCOUNTS_SERVICE_ROUTES = [
  route({
    service: 'AccountsService', method: 'GetAccountsList', access: 'read', requires: REQUIRES.signedIn, accountScope: 'optional',
    input: getAccountsList,
    reply: replyOf<AccountsPage>(),
    summary: 'Main accounts (mainAccountId -1) or the sub-accounts of one account, by name, paginated',
  }),
  route({
    service: 'AccountsService', method: 'GetMainAccount', access: 'read', requires: REQUIRES.signedIn, accountScope: 'required',
    input: accountIdInput,
    reply: replyOf<MainAccountInfo>(),
    summary: 'The main account of an account or sub-account, and what the caller may do there',
  }),
  route({
    service: 'AccountsService', method: 'GetAccountInfo', access: 'read', requires: REQUIRES.signedIn, accountScope: 'required',
    input: accountIdInput,
    reply: replyOf<AccountView>(),
    summary: 'One account or sub-account',
  }),
  route({
    service: 'AccountsService', method: 'CreateAccount', access: 'write',
    requires: REQUIRES.accountCreateDelete, accountScope: 'optional',
    input: saveAccount,
    reply: replyOf<AccountView>(),
    summary: 'Creates a main account or sub-account (ID > 0 updates, as the legacy client expects)',
  }),
  route({
    service: 'AccountsService', method: 'UpdateAccount', access: 'write', requires: REQUIRES.staff, accountScope: 'required',
    input: saveAccount,
    reply: replyOf<AccountView>(),
    summary: 'Updates an account; applayVATToSubAccounts copies ApplyVat to its sub-accounts in the same transaction',
  }),
  route({
    service: 'AccountsService', method: 'DeleteAccount', access: 'write',
    requires: REQUIRES.accountCreateDelete, accountScope: 'required',
    input: accountIdInput,
    reply: replyOf<AccountView>(),
    summary: 'Archives an account (restorable; nothing is destroyed)',
  }),
  route({
    service: 'AccountsService', method: 'RestoreAccount', access: 'write',
    requires: REQUIRES.accountCreateDelete, accountScope: 'required',
    input: accountIdInput,
    reply: replyOf<AccountView>(),
    summary: 'Brings an archived account back',
  }),
  route({
    service: 'AccountsService', method: 'UpdateChannelTypesField', access: 'write', requires: REQUIRES.systemAdmin, accountScope: 'none',
    input: updateChannelTypesField,
    reply: replyOf<ChannelType>(),
    summary: 'Inline edit of one field of a global channel type (Name, Group, DefaultBuyType, ConnectorType, Active)',
  }),
  route({
    service: 'AccountsService', method: 'InitAccountChannelTypes', access: 'write', requires: REQUIRES.staff, accountScope: 'required',
    input: initAccountChannelTypes,
    reply: replyOf<AccountChannelTypesInit>(),
    summary: "Copies the active global channel types to the account (reload: only the new ones; edited fees are kept)",
  }),
  route({
    service: 'AccountsService', method: 'GetAccountChannelTypesList', access: 'read', requires: REQUIRES.signedIn, accountScope: 'required',
    input: getAccountChannelTypesList,
    reply: replyOf<AccountChannelTypesList>(),
    summary: "The account's channel types with its fees (a sub-account uses its main account's)",
  }),
  route({
    service: 'AccountsService', method: 'SaveAccountChannelField', access: 'write', requires: REQUIRES.staff, accountScope: 'required',
    input: saveAccountChannelField,
    reply: replyOf<BulkEditResult>(),
    summary: 'Sets Active or Name on the selected account channel types, all-or-nothing',
  }),
  route({
    service: 'AccountsService', method: 'SaveAccountManagementFee', access: 'write', requires: REQUIRES.staff, accountScope: 'required',
    input: saveAccountManagementFee,
    reply: replyOf<BulkEditResult>(),
    summary: 'Sets the management fee % of the selected account channel types, all-or-nothing',
  }),
  route({
    service: 'AccountsService', method: 'SaveAccountSystemFee', access: 'write', requires: REQUIRES.staff, accountScope: 'required',
    input: saveAccountSystemFee,
    reply: replyOf<BulkEditResult>(),
    summary: 'Sets the system fee % of the selected account channel types, all-or-nothing',
  }),
  // Plan lines (media channels) of a media mix: names and parameters of SPEC.md §7. Drafts only change.
  route({
    service: 'AccountsService', method: 'GetMediaChannelInfo', access: 'read', requires: REQUIRES.signedIn, accountScope: 'required',
    input: channelIdInput,
    reply: replyOf<MediaChannelInfo>(),
    summary: 'One plan line with its amounts and planned KPIs (client users: lines of Approved versions only)',
  }),
  route({
    service: 'AccountsService', method: 'SaveMediaChannel', access: 'write', requires: REQUIRES.staff, accountScope: 'required',
    input: saveMediaChannel,
    reply: replyOf<MediaChannelSaved>(),
    summary: "Adds (ID <= 0) or changes a line of a Draft media mix from the version read; dates within the activity's; fees default from the account channel type",
  }),
  route({
    service: 'AccountsService', method: 'DeleteMediaChannel', access: 'write', requires: REQUIRES.staff, accountScope: 'required',
    input: channelIdInput,
    reply: replyOf<MediaChannelView>(),
    summary: "Archives a line of a Draft media mix: out of the plan and its totals, kept with its audit entry",
  }),
] as const;
