import { pacingAlertsFor } from '../domain/pacing-alerts';
import { serviceHandler } from '../service-handler';
import { getPacingAlertsRoute } from '../routes/performance-service';

export const handler = serviceHandler(getPacingAlertsRoute, ({ input, caller, accountId }) =>
  pacingAlertsFor(caller, accountId, input),
);
