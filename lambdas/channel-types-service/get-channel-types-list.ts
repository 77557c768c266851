import { listGlobalChannelTypes } from '../domain/channel-types';
import { serviceHandler } from '../kit/handler';
import { CHANNEL_TYPES_SERVICE_ROUTES } from '../routes/channel-types-service';

export const handler = serviceHandler(CHANNEL_TYPES_SERVICE_ROUTES, 'GetChannelTypesList', () => listGlobalChannelTypes());
