import { submitMediaMix } from '../plans';
import { serviceHandler } from '../../../service-handler';
import { submitMediaMixRoute } from '../routes';

export const handler = serviceHandler(submitMediaMixRoute, ({ input, caller, accountId }) =>
  submitMediaMix(caller, accountId, input),
);
