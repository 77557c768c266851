import { versionFlowchartFor } from '../version-flowchart';
import { serviceHandler } from '../../../service-handler';
import { exportVersionFlowchartRoute } from '../routes';

export const handler = serviceHandler(exportVersionFlowchartRoute, ({ input, caller, accountId }) =>
  versionFlowchartFor(caller, accountId, input),
);
