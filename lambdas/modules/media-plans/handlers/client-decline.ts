import { clientDeclineFor } from '../plans';
import { serviceHandler } from '../../../service-handler';
import { clientDeclineRoute } from '../routes';

export const handler = serviceHandler(clientDeclineRoute, ({ input, caller, accountId }) =>
  clientDeclineFor(caller, accountId, input),
);
