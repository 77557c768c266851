import { getAccountInfo } from '../domain/accounts';
import { serviceHandler } from '../service-handler';
import { getAccountInfoRoute } from '../routes/accounts-service';

export const handler = serviceHandler(getAccountInfoRoute, ({ input, caller, accountId }) =>
  getAccountInfo(caller, accountId, input.accountId),
);
