import { saveVersionFor } from '../plans';
import { serviceHandler } from '../../../service-handler';
import { saveVersionRoute } from '../routes';

export const handler = serviceHandler(saveVersionRoute, ({ input, caller, accountId }) =>
  saveVersionFor(caller, accountId, input),
);
