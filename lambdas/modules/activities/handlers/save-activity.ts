import { activityPlans } from '../../../module-ports';
import { saveActivityFor } from '../activities';
import { serviceHandler } from '../../../service-handler';
import { saveActivityRoute } from '../routes';

export const handler = serviceHandler(saveActivityRoute, ({ input, caller, accountId }) =>
  saveActivityFor(caller, input, accountId, activityPlans),
);
