import { runActivityAnalysisFor } from '../activity-analysis';
import { serviceHandler } from '../../../service-handler';
import { runActivityAnalysisRoute } from '../routes';

export const handler = serviceHandler(runActivityAnalysisRoute, ({ input, caller, accountId }) =>
  runActivityAnalysisFor(caller, accountId, input),
);
