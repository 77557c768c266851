import { accountIdInput, getAccountsList, saveAccount } from './schemas';
import type { AccountsPage, AccountView, MainAccountInfo } from '../../shared/replies/accounts';
import { replyOf, route } from '../../kit/route';

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

export const ACCOUNTS_SERVICE_ROUTES = [
  getAccountsListRoute,
  getMainAccountRoute,
  getAccountInfoRoute,
  createAccountRoute,
  updateAccountRoute,
  deleteAccountRoute,
  restoreAccountRoute,
] as const;
