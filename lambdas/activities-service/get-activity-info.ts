import { getActivityInfo } from '../domain/activities';
import { serviceHandler } from '../kit/handler';
import { ACTIVITIES_SERVICE_ROUTES } from '../routes/activities-service';

export const handler = serviceHandler(ACTIVITIES_SERVICE_ROUTES, 'GetActivityInfo', ({ input, caller, accountId }) => getActivityInfo(caller, accountId, input.activityId));
