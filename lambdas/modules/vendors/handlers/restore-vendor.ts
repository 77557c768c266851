import { restoreVendor } from '../vendors';
import { serviceHandler } from '../../../service-handler';
import { restoreVendorRoute } from '../routes';

export const handler = serviceHandler(restoreVendorRoute, ({ input, caller }) => restoreVendor(caller, input.vendorId));
