import { restoreAccount } from '../accounts';
import { serviceHandler } from '../../../service-handler';
import { restoreAccountRoute } from '../routes';

export const handler = serviceHandler(restoreAccountRoute, ({ input, caller, accountId }) =>
  restoreAccount(caller, accountId, input.accountId),
);
