import { listAgentConnectorsFor } from '../domain/connectors';
import { serviceHandler } from '../service-handler';
import { getAgentConnectorsListRoute } from '../routes/connectors-service';

export const handler = serviceHandler(getAgentConnectorsListRoute, ({ input, caller }) =>
  listAgentConnectorsFor(caller, input.archived),
);
