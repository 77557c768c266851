import { getConfigurations } from '../domain/configurations';
import { serviceHandler } from '../kit/handler';
import { CONFIGURATIONS_SERVICE_ROUTES } from '../routes/configurations-service';

export const handler = serviceHandler(CONFIGURATIONS_SERVICE_ROUTES, 'GetConfigurations', ({ caller }) => getConfigurations(caller));
