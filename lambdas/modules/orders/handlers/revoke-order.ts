import { revokeOrderFor } from '../orders';
import { serviceHandler } from '../../../service-handler';
import { revokeOrderRoute } from '../routes';

export const handler = serviceHandler(revokeOrderRoute, ({ input, caller, accountId }) =>
  revokeOrderFor(caller, accountId, input),
);
