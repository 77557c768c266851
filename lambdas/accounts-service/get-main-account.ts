import { getMainAccount } from '../domain/accounts';
import { serviceHandler } from '../service-handler';
import { getMainAccountRoute } from '../routes/accounts-service';

export const handler = serviceHandler(getMainAccountRoute, ({ input, caller, accountId }) =>
  getMainAccount(caller, accountId, input.accountId),
);
