import { listGlobalConnectorsFor } from '../connectors-core';
import { serviceHandler } from '../../../service-handler';
import { getGlobalConnectorsListRoute } from '../routes';

export const handler = serviceHandler(getGlobalConnectorsListRoute, () => listGlobalConnectorsFor());
