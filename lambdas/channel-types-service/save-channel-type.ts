import { saveChannelType } from '../domain/channel-types';
import { serviceHandler } from '../kit/handler';

export const handler = serviceHandler('ChannelTypesService', 'SaveChannelType', ({ input, caller }) => saveChannelType(caller, input.channelType));
