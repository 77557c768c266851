import { listActivities } from '../domain/activities';
import { serviceHandler } from '../kit/handler';
import { ACTIVITIES_SERVICE_ROUTES } from '../routes/activities-service';

export const handler = serviceHandler(ACTIVITIES_SERVICE_ROUTES, 'GetActivitiesList', ({ input, caller, accountId }) => listActivities(caller, input, accountId));
