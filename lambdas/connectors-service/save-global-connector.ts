import { saveGlobalConnectorFor } from '../domain/connectors';
import { serviceHandler } from '../service-handler';
import { saveGlobalConnectorRoute } from '../routes/connectors-service';

export const handler = serviceHandler(saveGlobalConnectorRoute, ({ input, caller }) =>
  saveGlobalConnectorFor(caller, input.connector),
);
