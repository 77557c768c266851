import { syncRunsFor } from '../domain/monitoring';
import { serviceHandler } from '../service-handler';
import { getSyncRunsRoute } from '../routes/monitoring-service';

export const handler = serviceHandler(getSyncRunsRoute, ({ input, caller, accountId }) =>
  syncRunsFor(caller, accountId, input),
);
