import { runActivityAnalysisFor } from '../domain/activity-analysis';
import { serviceHandler } from '../service-handler';
import { runActivityAnalysisRoute } from '../routes/analytics-service';

export const handler = serviceHandler(runActivityAnalysisRoute, ({ input, caller, accountId }) =>
  runActivityAnalysisFor(caller, accountId, input),
);
