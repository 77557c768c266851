import { syncRunsFor } from '../monitoring';
import { serviceHandler } from '../../../service-handler';
import { getSyncRunsRoute } from '../routes';

export const handler = serviceHandler(getSyncRunsRoute, ({ input, caller, accountId }) =>
  syncRunsFor(caller, accountId, input),
);
