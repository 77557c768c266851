import { saveAccountFor } from '../domain/accounts';
import { serviceHandler } from '../service-handler';
import { createAccountRoute } from '../routes/accounts-service';

export const handler = serviceHandler(createAccountRoute, ({ input, caller, accountId }) =>
  saveAccountFor(caller, input, accountId, 'create'),
);
