import { setActivityArchived } from '../domain/activities';
import { serviceHandler } from '../kit/handler';

export const handler = serviceHandler('ActivitiesService', 'DeleteActivity', ({ input, caller, accountId }) => setActivityArchived(caller, accountId!, input.activityId, true));
