import { markNotificationsReadFor } from '../domain/notifications';
import { serviceHandler } from '../service-handler';
import { markNotificationsReadRoute } from '../routes/notifications-service';

export const handler = serviceHandler(markNotificationsReadRoute, ({ input, caller }) =>
  markNotificationsReadFor(caller, input),
);
