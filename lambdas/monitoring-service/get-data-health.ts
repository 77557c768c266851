import { dataHealthFor } from '../domain/monitoring';
import { serviceHandler } from '../service-handler';
import { getDataHealthRoute } from '../routes/monitoring-service';

export const handler = serviceHandler(getDataHealthRoute, ({ input, caller, accountId }) =>
  dataHealthFor(caller, accountId, input),
);
