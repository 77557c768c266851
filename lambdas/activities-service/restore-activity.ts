import { setActivityArchived } from '../domain/activities';
import { serviceHandler } from '../kit/handler';
import { ACTIVITIES_SERVICE_ROUTES } from '../routes/activities-service';

export const handler = serviceHandler(ACTIVITIES_SERVICE_ROUTES, 'RestoreActivity', ({ input, caller, accountId }) => setActivityArchived(caller, accountId, input.activityId, false));
