import { getUsersListFor } from '../domain/users';
import { serviceHandler } from '../service-handler';
import { getUsersListRoute } from '../routes/users-service';

export const handler = serviceHandler(getUsersListRoute, ({ input, caller, accountId }) =>
  getUsersListFor(caller, input, accountId),
);
