import { getMainAccount } from '../domain/accounts';
import { serviceHandler } from '../kit/handler';
import { ACCOUNTS_SERVICE_ROUTES } from '../routes/accounts-service';

export const handler = serviceHandler(ACCOUNTS_SERVICE_ROUTES, 'GetMainAccount', ({ input, caller, accountId }) => getMainAccount(caller, accountId, input.accountId));
