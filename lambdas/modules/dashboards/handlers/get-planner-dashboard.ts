import { plannerDashboardFor } from '../planner-dashboard';
import { serviceHandler } from '../../../service-handler';
import { getPlannerDashboardRoute } from '../routes';

export const handler = serviceHandler(getPlannerDashboardRoute, ({ caller, accountId }) =>
  plannerDashboardFor(caller, accountId),
);
