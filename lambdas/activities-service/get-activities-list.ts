import { listActivities } from '../domain/activities';
import { serviceHandler } from '../service-handler';
import { getActivitiesListRoute } from '../routes/activities-service';

export const handler = serviceHandler(getActivitiesListRoute, ({ input, caller, accountId }) =>
  listActivities(caller, input, accountId),
);
