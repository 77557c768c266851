import { restoreAccount } from '../domain/accounts';
import { serviceHandler } from '../service-handler';
import { restoreAccountRoute } from '../routes/accounts-service';

export const handler = serviceHandler(restoreAccountRoute, ({ input, caller, accountId }) =>
  restoreAccount(caller, accountId, input.accountId),
);
