import { createCompanyFor } from '../companies';
import { serviceHandler } from '../../../service-handler';
import { createCompanyRoute } from '../routes';

export const handler = serviceHandler(createCompanyRoute, ({ input, caller }) => createCompanyFor(caller, input));
