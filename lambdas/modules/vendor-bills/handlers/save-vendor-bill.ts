import { saveVendorBillFor } from '../bills';
import { serviceHandler } from '../../../service-handler';
import { saveVendorBillRoute } from '../routes';

export const handler = serviceHandler(saveVendorBillRoute, ({ input, caller, accountId }) =>
  saveVendorBillFor(caller, accountId, input.vendorBill),
);
