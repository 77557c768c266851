import { setActivityArchived } from '../domain/activities';
import { serviceHandler } from '../service-handler';
import { deleteActivityRoute } from '../routes/activities-service';

export const handler = serviceHandler(deleteActivityRoute, ({ input, caller, accountId }) =>
  setActivityArchived(caller, accountId, input.activityId, true),
);
