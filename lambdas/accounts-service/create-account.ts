import { saveAccountFor } from '../domain/accounts';
import { serviceHandler } from '../kit/handler';
import { ACCOUNTS_SERVICE_ROUTES } from '../routes/accounts-service';

export const handler = serviceHandler(ACCOUNTS_SERVICE_ROUTES, 'CreateAccount', ({ input, caller, accountId }) => saveAccountFor(caller, input, accountId, 'create'));
