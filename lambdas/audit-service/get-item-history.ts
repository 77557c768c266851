import { getItemHistoryFor } from '../domain/item-history';
import { serviceHandler } from '../service-handler';
import { getItemHistoryRoute } from '../routes/audit-service';

export const handler = serviceHandler(getItemHistoryRoute, ({ input, caller, accountId }) =>
  getItemHistoryFor(caller, accountId, input),
);
