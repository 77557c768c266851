import { createMediaMixVersion } from '../plans';
import { serviceHandler } from '../../../service-handler';
import { createMediaMixVersionRoute } from '../routes';

export const handler = serviceHandler(createMediaMixVersionRoute, ({ input, caller, accountId }) =>
  createMediaMixVersion(caller, accountId, input.mediaMixId),
);
