import { pacingAlertsFor } from '../pacing-alerts';
import { serviceHandler } from '../../../service-handler';
import { getPacingAlertsRoute } from '../routes';

export const handler = serviceHandler(getPacingAlertsRoute, ({ input, caller, accountId }) =>
  pacingAlertsFor(caller, accountId, input),
);
