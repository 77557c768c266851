import { getOrderFor } from '../orders';
import { serviceHandler } from '../../../service-handler';
import { getOrderRoute } from '../routes';

export const handler = serviceHandler(getOrderRoute, ({ input, caller, accountId }) =>
  getOrderFor(caller, accountId, input.orderId),
);
