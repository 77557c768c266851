import { archiveAgentConnectorFor } from '../agent-connectors';
import { serviceHandler } from '../../../service-handler';
import { deleteAgentConnectorRoute } from '../routes';

export const handler = serviceHandler(deleteAgentConnectorRoute, ({ input, caller }) =>
  archiveAgentConnectorFor(caller, input.agentConnectorId),
);
