import { listGlobalChannelTypes } from '../domain/channel-types';
import { serviceHandler } from '../kit/handler';

export const handler = serviceHandler('ChannelTypesService', 'GetChannelTypesList', () => listGlobalChannelTypes());
