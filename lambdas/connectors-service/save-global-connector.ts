import { saveGlobalConnectorFor } from '../domain/connectors';
import { serviceHandler } from '../kit/handler';
import { saveGlobalConnectorRoute } from '../routes/connectors-service';

export const handler = serviceHandler(saveGlobalConnectorRoute, ({ input, caller }) =>
  saveGlobalConnectorFor(caller, input.connector),
);
