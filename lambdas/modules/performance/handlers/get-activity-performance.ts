import { activityPerformanceFor } from '../activity-performance';
import { serviceHandler } from '../../../service-handler';
import { getActivityPerformanceRoute } from '../routes';

export const handler = serviceHandler(getActivityPerformanceRoute, ({ input, caller, accountId }) =>
  activityPerformanceFor(caller, accountId, input),
);
