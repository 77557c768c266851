import { listActivities } from '../activities';
import { serviceHandler } from '../../../service-handler';
import { getActivitiesListRoute } from '../routes';

export const handler = serviceHandler(getActivitiesListRoute, ({ input, caller, accountId }) =>
  listActivities(caller, input, accountId),
);
