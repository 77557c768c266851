import { testAgentConnectionFor } from '../domain/connectors';
import { serviceHandler } from '../service-handler';
import { testAgentConnectionRoute } from '../routes/connectors-service';

export const handler = serviceHandler(testAgentConnectionRoute, ({ input, caller }) =>
  testAgentConnectionFor(caller, input.agentConnectorId),
);
