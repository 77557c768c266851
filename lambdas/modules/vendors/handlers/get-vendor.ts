import { getVendorFor } from '../vendors';
import { serviceHandler } from '../../../service-handler';
import { getVendorRoute } from '../routes';

export const handler = serviceHandler(getVendorRoute, ({ input, caller }) => getVendorFor(caller, input.vendorId));
