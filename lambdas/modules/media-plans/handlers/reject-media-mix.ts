import { rejectMediaMixFor } from '../plans';
import { serviceHandler } from '../../../service-handler';
import { rejectMediaMixRoute } from '../routes';

export const handler = serviceHandler(rejectMediaMixRoute, ({ input, caller, accountId }) =>
  rejectMediaMixFor(caller, accountId, input),
);
