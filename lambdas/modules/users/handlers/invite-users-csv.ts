import { inviteUsersCsvFor } from '../users';
import { serviceHandler } from '../../../service-handler';
import { inviteUsersCsvRoute } from '../routes';

export const handler = serviceHandler(inviteUsersCsvRoute, ({ input, caller }) => inviteUsersCsvFor(caller, input));
