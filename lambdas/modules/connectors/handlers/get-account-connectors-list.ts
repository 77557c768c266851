import { listAccountConnectorsFor } from '../account-connectors';
import { serviceHandler } from '../../../service-handler';
import { getAccountConnectorsListRoute } from '../routes';

export const handler = serviceHandler(getAccountConnectorsListRoute, ({ caller, accountId }) =>
  listAccountConnectorsFor(caller, accountId),
);
