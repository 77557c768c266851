import { initAccountChannelTypes } from '../domain/account-channel-types';
import { serviceHandler } from '../kit/handler';

export const handler = serviceHandler('AccountsService', 'InitAccountChannelTypes', ({ input, caller, accountId }) => initAccountChannelTypes(caller, accountId!, input.reload));
