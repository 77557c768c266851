import { updateChannelTypeField } from '../domain/channel-types';
import { serviceHandler } from '../kit/handler';
import { ACCOUNTS_SERVICE_ROUTES } from '../routes/accounts-service';

export const handler = serviceHandler(ACCOUNTS_SERVICE_ROUTES, 'UpdateChannelTypesField', ({ input, caller }) => updateChannelTypeField(caller, input));
