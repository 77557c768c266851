import { getItemHistoryFor } from '../item-history';
import { serviceHandler } from '../../../service-handler';
import { getItemHistoryRoute } from '../routes';

export const handler = serviceHandler(getItemHistoryRoute, ({ input, caller, accountId }) =>
  getItemHistoryFor(caller, accountId, input),
);
