import { createCompanyFor } from '../domain/companies';
import { serviceHandler } from '../service-handler';
import { createCompanyRoute } from '../routes/companies-service';

export const handler = serviceHandler(createCompanyRoute, ({ input, caller }) => createCompanyFor(caller, input));
