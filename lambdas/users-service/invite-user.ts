import { inviteUserFor } from '../domain/users';
import { serviceHandler } from '../service-handler';
import { inviteUserRoute } from '../routes/users-service';

export const handler = serviceHandler(inviteUserRoute, ({ input, caller }) => inviteUserFor(caller, input));
