import { getConfigurations } from '../domain/configurations';
import { serviceHandler } from '../service-handler';
import { getConfigurationsRoute } from '../routes/configurations-service';

export const handler = serviceHandler(getConfigurationsRoute, ({ caller }) => getConfigurations(caller));
