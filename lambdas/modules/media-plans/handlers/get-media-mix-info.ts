import { getMediaMixInfo } from '../plans';
import { serviceHandler } from '../../../service-handler';
import { getMediaMixInfoRoute } from '../routes';

export const handler = serviceHandler(getMediaMixInfoRoute, ({ input, caller, accountId }) =>
  getMediaMixInfo(caller, accountId, input.mediaMixId),
);
