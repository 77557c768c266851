import { setActivityStatusFor } from '../domain/activities';
import { serviceHandler } from '../service-handler';
import { setActivityStatusRoute } from '../routes/activities-service';

export const handler = serviceHandler(setActivityStatusRoute, ({ input, caller, accountId }) =>
  setActivityStatusFor(caller, input, accountId),
);
