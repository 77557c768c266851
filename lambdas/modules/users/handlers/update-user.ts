import { updateUserFor } from '../user-changes';
import { serviceHandler } from '../../../service-handler';
import { updateUserRoute } from '../routes';

export const handler = serviceHandler(updateUserRoute, ({ input, caller }) => updateUserFor(caller, input));
