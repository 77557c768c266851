import { listOrdersFor } from '../orders';
import { serviceHandler } from '../../../service-handler';
import { getOrdersListRoute } from '../routes';

export const handler = serviceHandler(getOrdersListRoute, ({ input, caller, accountId }) =>
  listOrdersFor(caller, accountId, input),
);
