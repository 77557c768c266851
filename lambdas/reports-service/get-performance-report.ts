import { performanceReportFor } from '../domain/performance-report';
import { serviceHandler } from '../service-handler';
import { getPerformanceReportRoute } from '../routes/reports-service';

export const handler = serviceHandler(getPerformanceReportRoute, ({ input, caller, accountId }) =>
  performanceReportFor(caller, accountId, input),
);
