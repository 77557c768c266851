import { saveAccountConnectorFor } from '../account-connectors';
import { serviceHandler } from '../../../service-handler';
import { saveAccountConnectorRoute } from '../routes';

export const handler = serviceHandler(saveAccountConnectorRoute, ({ input, caller, accountId }) =>
  saveAccountConnectorFor(caller, accountId, input.accountConnector),
);
