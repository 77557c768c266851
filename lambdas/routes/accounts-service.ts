import { Permission } from '../shared/permissions';
import { accountIdInput, getAccountsList, saveAccount } from '../schemas/accounts';
import { route } from './route';

export const ACCOUNTS_SERVICE_ROUTES = [
  route({
    service: 'AccountsService', method: 'GetAccountsList', access: 'read', requires: {}, accountScope: 'optional',
    input: getAccountsList,
    summary: 'Main accounts (mainAccountId -1) or the sub-accounts of one account, by name, paginated',
  }),
  route({
    service: 'AccountsService', method: 'GetMainAccount', access: 'read', requires: {}, accountScope: 'required',
    input: accountIdInput,
    summary: 'The main account of an account or sub-account, and what the caller may do there',
  }),
  route({
    service: 'AccountsService', method: 'GetAccountInfo', access: 'read', requires: {}, accountScope: 'required',
    input: accountIdInput,
    summary: 'One account or sub-account',
  }),
  route({
    service: 'AccountsService', method: 'CreateAccount', access: 'write',
    requires: { anyOf: [Permission.AccountCreateDelete], staff: true }, accountScope: 'optional',
    input: saveAccount,
    summary: 'Creates a main account or sub-account (ID > 0 updates, as the legacy client expects)',
  }),
  route({
    service: 'AccountsService', method: 'UpdateAccount', access: 'write', requires: { staff: true }, accountScope: 'required',
    input: saveAccount,
    summary: 'Updates an account; applayVATToSubAccounts copies ApplyVat to its sub-accounts in the same transaction',
  }),
  route({
    service: 'AccountsService', method: 'DeleteAccount', access: 'write',
    requires: { anyOf: [Permission.AccountCreateDelete], staff: true }, accountScope: 'required',
    input: accountIdInput,
    summary: 'Archives an account (restorable; nothing is destroyed)',
  }),
  route({
    service: 'AccountsService', method: 'RestoreAccount', access: 'write',
    requires: { anyOf: [Permission.AccountCreateDelete], staff: true }, accountScope: 'required',
    input: accountIdInput,
    summary: 'Brings an archived account back',
  }),
] as const;
