import { listGlobalChannelTypes } from '../domain/channel-types';
import { serviceHandler } from '../service-handler';
import { getChannelTypesListRoute } from '../routes/channel-types-service';

export const handler = serviceHandler(getChannelTypesListRoute, () => listGlobalChannelTypes());
