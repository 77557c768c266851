import { accountMarginFor } from '../account-margin';
import { serviceHandler } from '../../../service-handler';
import { getAccountMarginRoute } from '../routes';

export const handler = serviceHandler(getAccountMarginRoute, ({ input, caller, accountId }) =>
  accountMarginFor(caller, accountId, input),
);
