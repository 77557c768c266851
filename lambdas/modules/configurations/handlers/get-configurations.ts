import { getConfigurations } from '../configurations';
import { serviceHandler } from '../../../service-handler';
import { getConfigurationsRoute } from '../routes';

export const handler = serviceHandler(getConfigurationsRoute, ({ caller }) => getConfigurations(caller));
