import { listGlobalConnectorsFor } from '../connectors';
import { serviceHandler } from '../../../service-handler';
import { getGlobalConnectorsListRoute } from '../routes';

export const handler = serviceHandler(getGlobalConnectorsListRoute, () => listGlobalConnectorsFor());
