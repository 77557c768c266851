import { saveConfigurationsFor } from '../domain/configurations';
import { serviceHandler } from '../service-handler';
import { saveConfigurationsRoute } from '../routes/configurations-service';

export const handler = serviceHandler(saveConfigurationsRoute, ({ input, caller }) =>
  saveConfigurationsFor(caller, input),
);
