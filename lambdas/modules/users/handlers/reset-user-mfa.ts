import { resetUserMfaFor } from '../user-changes';
import { serviceHandler } from '../../../service-handler';
import { resetUserMfaRoute } from '../routes';

export const handler = serviceHandler(resetUserMfaRoute, ({ input, caller }) => resetUserMfaFor(caller, input));
