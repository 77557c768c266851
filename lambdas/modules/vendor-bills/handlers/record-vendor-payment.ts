import { recordVendorPaymentFor } from '../bill-actions';
import { serviceHandler } from '../../../service-handler';
import { recordVendorPaymentRoute } from '../routes';

export const handler = serviceHandler(recordVendorPaymentRoute, ({ input, caller, accountId }) =>
  recordVendorPaymentFor(caller, accountId, input),
);
