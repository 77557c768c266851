import { accountIdInput, getAccountsList, saveAccount } from '../schemas/accounts';
import { channelIdInput, saveMediaChannel } from '../schemas/media-mixes';
import type { AccountsPage, AccountView, MainAccountInfo } from '../shared/replies/accounts';
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

export const ACCOUNTS_SERVICE_ROUTES = [
  getAccountsListRoute,
  getMainAccountRoute,
  getAccountInfoRoute,
  createAccountRoute,
  updateAccountRoute,
  deleteAccountRoute,
  restoreAccountRoute,
  getMediaChannelInfoRoute,
  saveMediaChannelRoute,
  deleteMediaChannelRoute,
] as const;
