import { callApi } from '../../../lib/api-client';
import type { Account, RequestOf } from '../../../lib/api-types';

/** AccountsService calls of the account screens. `scopeId` is the account of the page (x-account-id). */
export type ListParams = Omit<RequestOf<'AccountsService', 'GetAccountsList'>, 'pageSize' | 'nextToken'>;
export type AccountPayload = RequestOf<'AccountsService', 'CreateAccount'>['account'];

export function fetchAccountsPage(
  params: ListParams,
  pageSize: number,
  nextToken: string | null,
  signal?: AbortSignal,
) {
  const mainId = Number(params.mainAccountId ?? -1);
  return callApi(
    'AccountsService',
    'GetAccountsList',
    { ...params, pageSize, nextToken },
    { accountId: mainId > 0 ? mainId : null, signal },
  );
}

/** A sub-account is created in the page of its main account (x-account-id = parent). */
export function createAccount(account: AccountPayload): Promise<Account> {
  return callApi(
    'AccountsService',
    'CreateAccount',
    { account, applayVATToSubAccounts: false },
    { accountId: (account.ParentId as number | null | undefined) ?? null },
  );
}

export function updateAccount(
  account: AccountPayload,
  applyVatToSubAccounts: boolean,
  scopeId: number,
): Promise<Account> {
  return callApi(
    'AccountsService',
    'UpdateAccount',
    { account, applayVATToSubAccounts: applyVatToSubAccounts },
    { accountId: scopeId },
  );
}

export function archiveAccount(accountId: number, scopeId: number): Promise<Account> {
  return callApi('AccountsService', 'DeleteAccount', { accountId }, { accountId: scopeId });
}

export function restoreAccount(accountId: number, scopeId: number): Promise<Account> {
  return callApi('AccountsService', 'RestoreAccount', { accountId }, { accountId: scopeId });
}
