import { archiveAccountConnectorFor } from '../domain/connectors';
import { serviceHandler } from '../service-handler';
import { deleteAccountConnectorRoute } from '../routes/connectors-service';

export const handler = serviceHandler(deleteAccountConnectorRoute, ({ input, caller, accountId }) =>
  archiveAccountConnectorFor(caller, accountId, input.accountConnectorId),
);
