import { disableUserFor } from '../user-changes';
import { serviceHandler } from '../../../service-handler';
import { disableUserRoute } from '../routes';

export const handler = serviceHandler(disableUserRoute, ({ input, caller }) => disableUserFor(caller, input));
