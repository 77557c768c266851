import { saveGlobalConnectorFor } from '../connectors-core';
import { serviceHandler } from '../../../service-handler';
import { saveGlobalConnectorRoute } from '../routes';

export const handler = serviceHandler(saveGlobalConnectorRoute, ({ input, caller }) =>
  saveGlobalConnectorFor(caller, input.connector),
);
