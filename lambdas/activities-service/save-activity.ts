import { saveActivityFor } from '../domain/activities';
import { serviceHandler } from '../kit/handler';
import { ACTIVITIES_SERVICE_ROUTES } from '../routes/activities-service';

export const handler = serviceHandler(ACTIVITIES_SERVICE_ROUTES, 'SaveActivity', ({ input, caller, accountId }) => saveActivityFor(caller, input, accountId));
