import { restoreAccount } from '../domain/accounts';
import { serviceHandler } from '../kit/handler';
import { ACCOUNTS_SERVICE_ROUTES } from '../routes/accounts-service';

export const handler = serviceHandler(ACCOUNTS_SERVICE_ROUTES, 'RestoreAccount', ({ input, caller, accountId }) => restoreAccount(caller, accountId, input.accountId));
