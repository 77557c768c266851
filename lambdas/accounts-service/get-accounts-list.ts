import { listAccounts } from '../domain/accounts';
import { serviceHandler } from '../kit/handler';

export const handler = serviceHandler('AccountsService', 'GetAccountsList', ({ input, caller, accountId }) => listAccounts(caller, input, accountId));
