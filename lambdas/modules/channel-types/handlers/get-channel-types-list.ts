import { listGlobalChannelTypes } from '../channel-types';
import { serviceHandler } from '../../../service-handler';
import { getChannelTypesListRoute } from '../routes';

export const handler = serviceHandler(getChannelTypesListRoute, ({ caller }) => listGlobalChannelTypes(caller));
