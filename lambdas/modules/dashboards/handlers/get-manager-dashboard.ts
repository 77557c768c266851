import { managerDashboardFor } from '../manager-dashboard';
import { serviceHandler } from '../../../service-handler';
import { getManagerDashboardRoute } from '../routes';

export const handler = serviceHandler(getManagerDashboardRoute, ({ input, caller, accountId }) =>
  managerDashboardFor(caller, accountId, input),
);
