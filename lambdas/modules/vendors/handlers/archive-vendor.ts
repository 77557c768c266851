import { archiveVendor } from '../vendors';
import { serviceHandler } from '../../../service-handler';
import { archiveVendorRoute } from '../routes';

export const handler = serviceHandler(archiveVendorRoute, ({ input, caller }) => archiveVendor(caller, input.vendorId));
