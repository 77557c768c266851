import { testAgentConnectionFor } from '../agent-connectors';
import { serviceHandler } from '../../../service-handler';
import { testAgentConnectionRoute } from '../routes';

export const handler = serviceHandler(testAgentConnectionRoute, ({ input, caller }) =>
  testAgentConnectionFor(caller, input.agentConnectorId),
);
