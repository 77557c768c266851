import { getNotificationsFor } from '../domain/notifications';
import { serviceHandler } from '../kit/handler';
import { getNotificationsRoute } from '../routes/notifications-service';

export const handler = serviceHandler(getNotificationsRoute, ({ input, caller }) => getNotificationsFor(caller, input));
