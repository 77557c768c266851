import { archiveAgentConnectorFor } from '../domain/connectors';
import { serviceHandler } from '../service-handler';
import { deleteAgentConnectorRoute } from '../routes/connectors-service';

export const handler = serviceHandler(deleteAgentConnectorRoute, ({ input, caller }) =>
  archiveAgentConnectorFor(caller, input.agentConnectorId),
);
