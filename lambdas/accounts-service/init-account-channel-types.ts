import { initAccountChannelTypes } from '../domain/account-channel-types';
import { serviceHandler } from '../kit/handler';
import { ACCOUNTS_SERVICE_ROUTES } from '../routes/accounts-service';

export const handler = serviceHandler(ACCOUNTS_SERVICE_ROUTES, 'InitAccountChannelTypes', ({ input, caller, accountId }) => initAccountChannelTypes(caller, accountId, input.reload));
