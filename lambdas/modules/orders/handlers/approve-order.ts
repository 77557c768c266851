import { approveOrderFor } from '../orders';
import { serviceHandler } from '../../../service-handler';
import { approveOrderRoute } from '../routes';

export const handler = serviceHandler(approveOrderRoute, ({ input, caller, accountId }) =>
  approveOrderFor(caller, accountId, input),
);
