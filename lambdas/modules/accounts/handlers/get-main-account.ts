import { getMainAccount } from '../accounts';
import { serviceHandler } from '../../../service-handler';
import { getMainAccountRoute } from '../routes';

export const handler = serviceHandler(getMainAccountRoute, ({ input, caller, accountId }) =>
  getMainAccount(caller, accountId, input.accountId),
);
