import { saveAgentConnectorFor } from '../domain/connectors';
import { serviceHandler } from '../service-handler';
import { saveAgentConnectorRoute } from '../routes/connectors-service';

export const handler = serviceHandler(saveAgentConnectorRoute, ({ input, caller }) =>
  saveAgentConnectorFor(caller, input.agentConnector),
);
