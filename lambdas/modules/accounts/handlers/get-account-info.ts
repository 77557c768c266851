import { getAccountInfo } from '../accounts';
import { serviceHandler } from '../../../service-handler';
import { getAccountInfoRoute } from '../routes';

export const handler = serviceHandler(getAccountInfoRoute, ({ input, caller, accountId }) =>
  getAccountInfo(caller, accountId, input.accountId),
);
