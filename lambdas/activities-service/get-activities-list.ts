import { listActivities } from '../domain/activities';
import { serviceHandler } from '../kit/handler';

export const handler = serviceHandler('ActivitiesService', 'GetActivitiesList', ({ input, caller, accountId }) => listActivities(caller, input, accountId!));
