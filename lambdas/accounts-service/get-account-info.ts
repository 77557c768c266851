import { getAccountInfo } from '../domain/accounts';
import { serviceHandler } from '../kit/handler';
import { ACCOUNTS_SERVICE_ROUTES } from '../routes/accounts-service';

export const handler = serviceHandler(ACCOUNTS_SERVICE_ROUTES, 'GetAccountInfo', ({ input, caller, accountId }) => getAccountInfo(caller, accountId, input.accountId));
