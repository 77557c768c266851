import { getActivityInfo } from '../activities';
import { serviceHandler } from '../../../service-handler';
import { getActivityInfoRoute } from '../routes';

export const handler = serviceHandler(getActivityInfoRoute, ({ input, caller, accountId }) =>
  getActivityInfo(caller, accountId, input.activityId),
);
