import { setActivityStatusFor } from '../domain/activities';
import { serviceHandler } from '../kit/handler';
import { ACTIVITIES_SERVICE_ROUTES } from '../routes/activities-service';

export const handler = serviceHandler(ACTIVITIES_SERVICE_ROUTES, 'SetActivityStatus', ({ input, caller, accountId }) => setActivityStatusFor(caller, input, accountId));
