import { listVendorsFor } from '../vendors';
import { serviceHandler } from '../../../service-handler';
import { getVendorsListRoute } from '../routes';

export const handler = serviceHandler(getVendorsListRoute, ({ input, caller }) => listVendorsFor(caller, input));
