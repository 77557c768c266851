import { setActivityStatusFor } from '../domain/activities';
import { serviceHandler } from '../kit/handler';
import { setActivityStatusRoute } from '../routes/activities-service';

export const handler = serviceHandler(setActivityStatusRoute, ({ input, caller, accountId }) =>
  setActivityStatusFor(caller, input, accountId),
);
