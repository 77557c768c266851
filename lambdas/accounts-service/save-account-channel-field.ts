import { saveAccountChannelField } from '../domain/account-channel-types';
import { serviceHandler } from '../kit/handler';

export const handler = serviceHandler('AccountsService', 'SaveAccountChannelField', ({ input, caller, accountId }) => saveAccountChannelField(caller, accountId!, input));
