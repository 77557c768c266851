import { activityPlans } from '../../../module-ports';
import { setActivityArchived } from '../activities';
import { serviceHandler } from '../../../service-handler';
import { restoreActivityRoute } from '../routes';

export const handler = serviceHandler(restoreActivityRoute, ({ input, caller, accountId }) =>
  setActivityArchived(caller, accountId, input.activityId, false, activityPlans),
);
