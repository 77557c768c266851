import { setActivityArchived } from '../domain/activities';
import { serviceHandler } from '../service-handler';
import { restoreActivityRoute } from '../routes/activities-service';

export const handler = serviceHandler(restoreActivityRoute, ({ input, caller, accountId }) =>
  setActivityArchived(caller, accountId, input.activityId, false),
);
