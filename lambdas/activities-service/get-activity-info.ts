import { getActivityInfo } from '../domain/activities';
import { serviceHandler } from '../service-handler';
import { getActivityInfoRoute } from '../routes/activities-service';

export const handler = serviceHandler(getActivityInfoRoute, ({ input, caller, accountId }) =>
  getActivityInfo(caller, accountId, input.activityId),
);
