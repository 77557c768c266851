import { listAgentConnectorsFor } from '../connectors-core';
import { serviceHandler } from '../../../service-handler';
import { getAgentConnectorsListRoute } from '../routes';

export const handler = serviceHandler(getAgentConnectorsListRoute, ({ input, caller }) =>
  listAgentConnectorsFor(caller, input.archived),
);
