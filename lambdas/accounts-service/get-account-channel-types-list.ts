import { getAccountChannelTypesList } from '../domain/account-channel-types';
import { serviceHandler } from '../kit/handler';
import { ACCOUNTS_SERVICE_ROUTES } from '../routes/accounts-service';

export const handler = serviceHandler(ACCOUNTS_SERVICE_ROUTES, 'GetAccountChannelTypesList', ({ caller, accountId }) => getAccountChannelTypesList(caller, accountId));
