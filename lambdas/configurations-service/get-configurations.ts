import { getConfigurations } from '../domain/configurations';
import { serviceHandler } from '../kit/handler';

export const handler = serviceHandler('ConfigurationsService', 'GetConfigurations', ({ caller }) => getConfigurations(caller));
