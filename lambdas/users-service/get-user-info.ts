import { getUserInfoFor } from '../domain/users';
import { serviceHandler } from '../service-handler';
import { getUserInfoRoute } from '../routes/users-service';

export const handler = serviceHandler(getUserInfoRoute, ({ input, caller }) => getUserInfoFor(caller, input));
