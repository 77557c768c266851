import { archiveAccount } from '../domain/accounts';
import { serviceHandler } from '../kit/handler';

export const handler = serviceHandler('AccountsService', 'DeleteAccount', ({ input, caller, accountId }) => archiveAccount(caller, accountId!, input.accountId));
