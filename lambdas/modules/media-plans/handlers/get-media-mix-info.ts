import { getNewestVersionInfo, getVersionInfo } from '../plans';
import { serviceHandler } from '../../../service-handler';
import { getVersionInfoRoute } from '../routes';

export const handler = serviceHandler(getVersionInfoRoute, ({ input, caller, accountId }) =>
  input.mediaMixId !== undefined
    ? getVersionInfo(caller, accountId, input.mediaMixId)
    : getNewestVersionInfo(caller, accountId, input.activityId!),
);
