import { updateChannelTypeField } from '../domain/channel-types';
import { serviceHandler } from '../kit/handler';

export const handler = serviceHandler('AccountsService', 'UpdateChannelTypesField', ({ input, caller }) => updateChannelTypeField(caller, input));
