import { dataHealthFor } from '../monitoring';
import { serviceHandler } from '../../../service-handler';
import { getDataHealthRoute } from '../routes';

export const handler = serviceHandler(getDataHealthRoute, ({ input, caller, accountId }) =>
  dataHealthFor(caller, accountId, input),
);
