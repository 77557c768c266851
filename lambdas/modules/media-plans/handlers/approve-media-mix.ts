import { approveVersion } from '../plans';
import { serviceHandler } from '../../../service-handler';
import { approveVersionRoute } from '../routes';

export const handler = serviceHandler(approveVersionRoute, ({ input, caller, accountId }) =>
  approveVersion(caller, accountId, input),
);
