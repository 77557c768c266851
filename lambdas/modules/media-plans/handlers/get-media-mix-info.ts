import { getVersionInfo } from '../plans';
import { serviceHandler } from '../../../service-handler';
import { getVersionInfoRoute } from '../routes';

export const handler = serviceHandler(getVersionInfoRoute, ({ input, caller, accountId }) =>
  getVersionInfo(caller, accountId, input.mediaMixId),
);
