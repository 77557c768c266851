import { getMainAccount } from '../domain/accounts';
import { serviceHandler } from '../kit/handler';

export const handler = serviceHandler('AccountsService', 'GetMainAccount', ({ input, caller, accountId }) => getMainAccount(caller, accountId!, input.accountId));
