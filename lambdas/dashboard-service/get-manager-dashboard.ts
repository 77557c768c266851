import { managerDashboardFor } from '../domain/dashboard';
import { serviceHandler } from '../service-handler';
import { getManagerDashboardRoute } from '../routes/dashboard-service';

export const handler = serviceHandler(getManagerDashboardRoute, ({ input, caller, accountId }) =>
  managerDashboardFor(caller, accountId, input),
);
