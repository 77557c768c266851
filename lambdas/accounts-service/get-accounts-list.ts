import { listAccounts } from '../domain/accounts';
import { serviceHandler } from '../service-handler';
import { getAccountsListRoute } from '../routes/accounts-service';

export const handler = serviceHandler(getAccountsListRoute, ({ input, caller, accountId }) =>
  listAccounts(caller, input, accountId),
);
