import { getNotificationsFor } from '../notifications';
import { serviceHandler } from '../../../service-handler';
import { getNotificationsRoute } from '../routes';

export const handler = serviceHandler(getNotificationsRoute, ({ input, caller }) => getNotificationsFor(caller, input));
