import { rejectVersionFor } from '../plans';
import { serviceHandler } from '../../../service-handler';
import { rejectVersionRoute } from '../routes';

export const handler = serviceHandler(rejectVersionRoute, ({ input, caller, accountId }) =>
  rejectVersionFor(caller, accountId, input),
);
