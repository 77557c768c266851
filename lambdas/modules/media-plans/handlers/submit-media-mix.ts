import { submitVersion } from '../plans';
import { serviceHandler } from '../../../service-handler';
import { submitVersionRoute } from '../routes';

export const handler = serviceHandler(submitVersionRoute, ({ input, caller, accountId }) =>
  submitVersion(caller, accountId, input),
);
