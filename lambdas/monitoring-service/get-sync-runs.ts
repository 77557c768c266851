import { syncRunsFor } from '../domain/monitoring';
import { serviceHandler } from '../kit/handler';
import { getSyncRunsRoute } from '../routes/monitoring-service';

export const handler = serviceHandler(getSyncRunsRoute, ({ input, caller, accountId }) =>
  syncRunsFor(caller, accountId, input),
);
