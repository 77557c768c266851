import { getAccountInfo } from '../domain/accounts';
import { serviceHandler } from '../kit/handler';

export const handler = serviceHandler('AccountsService', 'GetAccountInfo', ({ input, caller, accountId }) => getAccountInfo(caller, accountId!, input.accountId));
