import { saveActivityFor } from '../domain/activities';
import { serviceHandler } from '../service-handler';
import { saveActivityRoute } from '../routes/activities-service';

export const handler = serviceHandler(saveActivityRoute, ({ input, caller, accountId }) =>
  saveActivityFor(caller, input, accountId),
);
