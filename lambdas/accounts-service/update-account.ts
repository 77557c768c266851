import { saveAccountFor } from '../domain/accounts';
import { serviceHandler } from '../service-handler';
import { updateAccountRoute } from '../routes/accounts-service';

export const handler = serviceHandler(updateAccountRoute, ({ input, caller, accountId }) =>
  saveAccountFor(caller, input, accountId, 'update'),
);
