import { setActivityStatusFor } from '../domain/activities';
import { serviceHandler } from '../kit/handler';

export const handler = serviceHandler('ActivitiesService', 'SetActivityStatus', ({ input, caller, accountId }) => setActivityStatusFor(caller, input, accountId!));
