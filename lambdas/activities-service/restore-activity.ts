import { setActivityArchived } from '../domain/activities';
import { serviceHandler } from '../kit/handler';

export const handler = serviceHandler('ActivitiesService', 'RestoreActivity', ({ input, caller, accountId }) => setActivityArchived(caller, accountId!, input.activityId, false));
