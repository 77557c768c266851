import { approveMediaMix } from '../plans';
import { serviceHandler } from '../../../service-handler';
import { approveMediaMixRoute } from '../routes';

export const handler = serviceHandler(approveMediaMixRoute, ({ input, caller, accountId }) =>
  approveMediaMix(caller, accountId, input),
);
