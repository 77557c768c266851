import { saveAccountFor } from '../accounts';
import { serviceHandler } from '../../../service-handler';
import { createAccountRoute } from '../routes';

export const handler = serviceHandler(createAccountRoute, ({ input, caller, accountId }) =>
  saveAccountFor(caller, input, accountId, 'create'),
);
