import { inviteUsersCsvFor } from '../domain/users';
import { serviceHandler } from '../service-handler';
import { inviteUsersCsvRoute } from '../routes/users-service';

export const handler = serviceHandler(inviteUsersCsvRoute, ({ input, caller }) => inviteUsersCsvFor(caller, input));
