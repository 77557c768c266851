import { saveMediaMixFor } from '../plans';
import { serviceHandler } from '../../../service-handler';
import { saveMediaMixRoute } from '../routes';

export const handler = serviceHandler(saveMediaMixRoute, ({ input, caller, accountId }) =>
  saveMediaMixFor(caller, accountId, input),
);
