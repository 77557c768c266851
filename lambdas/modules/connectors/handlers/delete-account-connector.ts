import { archiveAccountConnectorFor } from '../account-connectors';
import { serviceHandler } from '../../../service-handler';
import { deleteAccountConnectorRoute } from '../routes';

export const handler = serviceHandler(deleteAccountConnectorRoute, ({ input, caller, accountId }) =>
  archiveAccountConnectorFor(caller, accountId, input.accountConnectorId),
);
