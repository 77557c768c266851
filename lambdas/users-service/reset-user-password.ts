import { resetUserPasswordFor } from '../domain/users';
import { serviceHandler } from '../service-handler';
import { resetUserPasswordRoute } from '../routes/users-service';

export const handler = serviceHandler(resetUserPasswordRoute, ({ input, caller }) =>
  resetUserPasswordFor(caller, input),
);
