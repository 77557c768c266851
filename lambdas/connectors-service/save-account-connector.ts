import { saveAccountConnectorFor } from '../domain/connectors';
import { serviceHandler } from '../service-handler';
import { saveAccountConnectorRoute } from '../routes/connectors-service';

export const handler = serviceHandler(saveAccountConnectorRoute, ({ input, caller, accountId }) =>
  saveAccountConnectorFor(caller, accountId, input.accountConnector),
);
