import { activityPerformanceFor } from '../domain/activity-performance';
import { serviceHandler } from '../service-handler';
import { getActivityPerformanceRoute } from '../routes/performance-service';

export const handler = serviceHandler(getActivityPerformanceRoute, ({ input, caller, accountId }) =>
  activityPerformanceFor(caller, accountId, input),
);
