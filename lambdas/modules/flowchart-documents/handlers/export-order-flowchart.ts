import { orderFlowchartFor } from '../order-flowchart';
import { serviceHandler } from '../../../service-handler';
import { exportOrderFlowchartRoute } from '../routes';

export const handler = serviceHandler(exportOrderFlowchartRoute, ({ input, caller, accountId }) =>
  orderFlowchartFor(caller, accountId, input),
);
