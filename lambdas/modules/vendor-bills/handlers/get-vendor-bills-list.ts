import { listVendorBillsFor } from '../payables';
import { serviceHandler } from '../../../service-handler';
import { getVendorBillsListRoute } from '../routes';

export const handler = serviceHandler(getVendorBillsListRoute, ({ input, caller, accountId }) =>
  listVendorBillsFor(caller, accountId, input),
);
