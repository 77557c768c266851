import { activityPlans } from '../../../module-ports';
import { setActivityArchived } from '../activities';
import { serviceHandler } from '../../../service-handler';
import { deleteActivityRoute } from '../routes';

export const handler = serviceHandler(deleteActivityRoute, ({ input, caller, accountId }) =>
  setActivityArchived(caller, accountId, input.activityId, true, activityPlans),
);
