import { saveConfigurationsFor } from '../domain/configurations';
import { serviceHandler } from '../kit/handler';

export const handler = serviceHandler('ConfigurationsService', 'SaveConfigurations', ({ input, caller }) => saveConfigurationsFor(caller, input));
