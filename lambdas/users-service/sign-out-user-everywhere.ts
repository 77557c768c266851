import { signOutUserEverywhereFor } from '../domain/users';
import { serviceHandler } from '../service-handler';
import { signOutUserEverywhereRoute } from '../routes/users-service';

export const handler = serviceHandler(signOutUserEverywhereRoute, ({ input, caller }) =>
  signOutUserEverywhereFor(caller, input),
);
