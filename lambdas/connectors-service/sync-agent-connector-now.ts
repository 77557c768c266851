import { syncAgentConnectorNowFor } from '../domain/sync-now';
import { serviceHandler } from '../service-handler';
import { syncAgentConnectorNowRoute } from '../routes/connectors-service';

export const handler = serviceHandler(syncAgentConnectorNowRoute, ({ input, caller }) =>
  syncAgentConnectorNowFor(caller, input.agentConnectorId),
);
