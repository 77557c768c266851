import { disableUserFor } from '../domain/users';
import { serviceHandler } from '../service-handler';
import { disableUserRoute } from '../routes/users-service';

export const handler = serviceHandler(disableUserRoute, ({ input, caller }) => disableUserFor(caller, input));
