import { getActivityInfo } from '../domain/activities';
import { serviceHandler } from '../kit/handler';

export const handler = serviceHandler('ActivitiesService', 'GetActivityInfo', ({ input, caller, accountId }) => getActivityInfo(caller, accountId!, input.activityId));
