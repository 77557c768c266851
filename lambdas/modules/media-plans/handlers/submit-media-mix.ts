import { submitMediaMix } from '../plans';
import { serviceHandler } from '../../../service-handler';
import { submitVersionRoute } from '../routes';

export const handler = serviceHandler(submitVersionRoute, ({ input, caller, accountId }) =>
  submitMediaMix(caller, accountId, input),
);
