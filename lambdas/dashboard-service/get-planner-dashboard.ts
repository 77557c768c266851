import { plannerDashboardFor } from '../domain/dashboard-planner';
import { serviceHandler } from '../service-handler';
import { getPlannerDashboardRoute } from '../routes/dashboard-service';

export const handler = serviceHandler(getPlannerDashboardRoute, ({ caller, accountId }) =>
  plannerDashboardFor(caller, accountId),
);
