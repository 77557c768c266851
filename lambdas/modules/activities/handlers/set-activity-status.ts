import { setActivityStatusFor } from '../activities';
import { serviceHandler } from '../../../service-handler';
import { setActivityStatusRoute } from '../routes';

export const handler = serviceHandler(setActivityStatusRoute, ({ input, caller, accountId }) =>
  setActivityStatusFor(caller, input, accountId),
);
