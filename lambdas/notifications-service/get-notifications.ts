import { getNotificationsFor } from '../domain/notifications';
import { serviceHandler } from '../service-handler';
import { getNotificationsRoute } from '../routes/notifications-service';

export const handler = serviceHandler(getNotificationsRoute, ({ input, caller }) => getNotificationsFor(caller, input));
