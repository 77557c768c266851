import { inviteUserFor } from '../users';
import { serviceHandler } from '../../../service-handler';
import { inviteUserRoute } from '../routes';

export const handler = serviceHandler(inviteUserRoute, ({ input, caller }) => inviteUserFor(caller, input));
