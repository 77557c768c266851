import { saveVendorFor } from '../vendors';
import { serviceHandler } from '../../../service-handler';
import { saveVendorRoute } from '../routes';

export const handler = serviceHandler(saveVendorRoute, ({ input, caller }) => saveVendorFor(caller, input.vendor));
