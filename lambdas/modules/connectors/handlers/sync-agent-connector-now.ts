import { syncAgentConnectorNowFor } from '../agent-sync-now';
import { serviceHandler } from '../../../service-handler';
import { syncAgentConnectorNowRoute } from '../routes';

export const handler = serviceHandler(syncAgentConnectorNowRoute, ({ input, caller }) =>
  syncAgentConnectorNowFor(caller, input.agentConnectorId),
);
