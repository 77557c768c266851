import { approveVendorBillFor } from '../bill-actions';
import { serviceHandler } from '../../../service-handler';
import { approveVendorBillRoute } from '../routes';

export const handler = serviceHandler(approveVendorBillRoute, ({ input, caller, accountId }) =>
  approveVendorBillFor(caller, accountId, input),
);
