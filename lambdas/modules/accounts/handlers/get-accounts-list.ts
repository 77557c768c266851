import { listAccounts } from '../accounts';
import { serviceHandler } from '../../../service-handler';
import { getAccountsListRoute } from '../routes';

export const handler = serviceHandler(getAccountsListRoute, ({ input, caller, accountId }) =>
  listAccounts(caller, input, accountId),
);
