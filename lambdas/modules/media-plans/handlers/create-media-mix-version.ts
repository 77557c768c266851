import { createNextVersion } from '../plans';
import { serviceHandler } from '../../../service-handler';
import { createNextVersionRoute } from '../routes';

export const handler = serviceHandler(createNextVersionRoute, ({ input, caller, accountId }) =>
  createNextVersion(caller, accountId, input.mediaMixId),
);
