import { saveAccountChannelField } from '../domain/account-channel-types';
import { serviceHandler } from '../kit/handler';
import { ACCOUNTS_SERVICE_ROUTES } from '../routes/accounts-service';

export const handler = serviceHandler(ACCOUNTS_SERVICE_ROUTES, 'SaveAccountChannelField', ({ input, caller, accountId }) => saveAccountChannelField(caller, accountId, input));
