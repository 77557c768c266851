import { getVendorBillFor } from '../bills';
import { serviceHandler } from '../../../service-handler';
import { getVendorBillRoute } from '../routes';

export const handler = serviceHandler(getVendorBillRoute, ({ input, caller, accountId }) =>
  getVendorBillFor(caller, accountId, input.billId),
);
