import { saveConfigurationsFor } from '../configurations';
import { serviceHandler } from '../../../service-handler';
import { saveConfigurationsRoute } from '../routes';

export const handler = serviceHandler(saveConfigurationsRoute, ({ input, caller }) =>
  saveConfigurationsFor(caller, input),
);
