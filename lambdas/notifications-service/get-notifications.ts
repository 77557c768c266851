import { getNotificationsFor } from '../domain/notifications';
import { serviceHandler } from '../kit/handler';
import { NOTIFICATIONS_SERVICE_ROUTES } from '../routes/notifications-service';

export const handler = serviceHandler(NOTIFICATIONS_SERVICE_ROUTES, 'GetNotifications', ({ input, caller }) => getNotificationsFor(caller, input));
