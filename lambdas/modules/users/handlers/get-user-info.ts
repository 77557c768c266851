import { getUserInfoFor } from '../users';
import { serviceHandler } from '../../../service-handler';
import { getUserInfoRoute } from '../routes';

export const handler = serviceHandler(getUserInfoRoute, ({ input, caller }) => getUserInfoFor(caller, input));
