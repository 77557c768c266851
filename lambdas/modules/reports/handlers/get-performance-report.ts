import { performanceReportFor } from '../performance-report';
import { serviceHandler } from '../../../service-handler';
import { getPerformanceReportRoute } from '../routes';

export const handler = serviceHandler(getPerformanceReportRoute, ({ input, caller, accountId }) =>
  performanceReportFor(caller, accountId, input),
);
