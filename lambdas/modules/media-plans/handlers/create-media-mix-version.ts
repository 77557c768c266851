import { createMediaMixVersion } from '../plans';
import { serviceHandler } from '../../../service-handler';
import { createNextVersionRoute } from '../routes';

export const handler = serviceHandler(createNextVersionRoute, ({ input, caller, accountId }) =>
  createMediaMixVersion(caller, accountId, input.mediaMixId),
);
