import { resetUserMfaFor } from '../domain/users';
import { serviceHandler } from '../service-handler';
import { resetUserMfaRoute } from '../routes/users-service';

export const handler = serviceHandler(resetUserMfaRoute, ({ input, caller }) => resetUserMfaFor(caller, input));
