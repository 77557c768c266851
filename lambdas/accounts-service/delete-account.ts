import { archiveAccount } from '../domain/accounts';
import { serviceHandler } from '../kit/handler';
import { ACCOUNTS_SERVICE_ROUTES } from '../routes/accounts-service';

export const handler = serviceHandler(ACCOUNTS_SERVICE_ROUTES, 'DeleteAccount', ({ input, caller, accountId }) => archiveAccount(caller, accountId, input.accountId));
