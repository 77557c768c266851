import { listAccountConnectorsFor } from '../domain/connectors';
import { serviceHandler } from '../service-handler';
import { getAccountConnectorsListRoute } from '../routes/connectors-service';

export const handler = serviceHandler(getAccountConnectorsListRoute, ({ caller, accountId }) =>
  listAccountConnectorsFor(caller, accountId),
);
