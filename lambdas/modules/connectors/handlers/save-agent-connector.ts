import { saveAgentConnectorFor } from '../agent-connectors';
import { serviceHandler } from '../../../service-handler';
import { saveAgentConnectorRoute } from '../routes';

export const handler = serviceHandler(saveAgentConnectorRoute, ({ input, caller }) =>
  saveAgentConnectorFor(caller, input.agentConnector),
);
