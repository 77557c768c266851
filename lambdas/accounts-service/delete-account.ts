import { archiveAccount } from '../domain/accounts';
import { serviceHandler } from '../service-handler';
import { deleteAccountRoute } from '../routes/accounts-service';

export const handler = serviceHandler(deleteAccountRoute, ({ input, caller, accountId }) =>
  archiveAccount(caller, accountId, input.accountId),
);
