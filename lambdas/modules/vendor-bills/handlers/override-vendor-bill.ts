import { overrideVendorBillFor } from '../bill-actions';
import { serviceHandler } from '../../../service-handler';
import { overrideVendorBillRoute } from '../routes';

export const handler = serviceHandler(overrideVendorBillRoute, ({ input, caller, accountId }) =>
  overrideVendorBillFor(caller, accountId, input),
);
