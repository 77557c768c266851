import { archiveAccount } from '../accounts';
import { serviceHandler } from '../../../service-handler';
import { deleteAccountRoute } from '../routes';

export const handler = serviceHandler(deleteAccountRoute, ({ input, caller, accountId }) =>
  archiveAccount(caller, accountId, input.accountId),
);
