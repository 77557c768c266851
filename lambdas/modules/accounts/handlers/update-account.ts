import { saveAccountFor } from '../accounts';
import { serviceHandler } from '../../../service-handler';
import { updateAccountRoute } from '../routes';

export const handler = serviceHandler(updateAccountRoute, ({ input, caller, accountId }) =>
  saveAccountFor(caller, input, accountId, 'update'),
);
