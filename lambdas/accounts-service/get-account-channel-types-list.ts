import { getAccountChannelTypesList } from '../domain/account-channel-types';
import { serviceHandler } from '../kit/handler';

export const handler = serviceHandler('AccountsService', 'GetAccountChannelTypesList', ({ caller, accountId }) => getAccountChannelTypesList(caller, accountId!));
