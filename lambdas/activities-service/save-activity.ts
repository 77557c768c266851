import { saveActivityFor } from '../domain/activities';
import { serviceHandler } from '../kit/handler';

export const handler = serviceHandler('ActivitiesService', 'SaveActivity', ({ input, caller, accountId }) => saveActivityFor(caller, input, accountId!));
