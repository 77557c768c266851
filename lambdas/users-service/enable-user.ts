import { enableUserFor } from '../domain/users';
import { serviceHandler } from '../service-handler';
import { enableUserRoute } from '../routes/users-service';

export const handler = serviceHandler(enableUserRoute, ({ input, caller }) => enableUserFor(caller, input));
