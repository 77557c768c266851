import { getUsersListFor } from '../users';
import { serviceHandler } from '../../../service-handler';
import { getUsersListRoute } from '../routes';

export const handler = serviceHandler(getUsersListRoute, ({ input, caller, accountId }) =>
  getUsersListFor(caller, input, accountId),
);
