import { updateUserFor } from '../domain/users';
import { serviceHandler } from '../service-handler';
import { updateUserRoute } from '../routes/users-service';

export const handler = serviceHandler(updateUserRoute, ({ input, caller }) => updateUserFor(caller, input));
