import { markNotificationsReadFor } from '../notifications';
import { serviceHandler } from '../../../service-handler';
import { markNotificationsReadRoute } from '../routes';

export const handler = serviceHandler(markNotificationsReadRoute, ({ input, caller }) =>
  markNotificationsReadFor(caller, input),
);
