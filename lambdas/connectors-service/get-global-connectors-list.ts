import { listGlobalConnectorsFor } from '../domain/connectors';
import { serviceHandler } from '../service-handler';
import { getGlobalConnectorsListRoute } from '../routes/connectors-service';

export const handler = serviceHandler(getGlobalConnectorsListRoute, () => listGlobalConnectorsFor());
