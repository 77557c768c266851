import { restoreAccount } from '../domain/accounts';
import { serviceHandler } from '../kit/handler';

export const handler = serviceHandler('AccountsService', 'RestoreAccount', ({ input, caller, accountId }) => restoreAccount(caller, accountId!, input.accountId));
