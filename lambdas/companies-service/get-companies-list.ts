import { getCompaniesListFor } from '../domain/companies';
import { serviceHandler } from '../service-handler';
import { getCompaniesListRoute } from '../routes/companies-service';

export const handler = serviceHandler(getCompaniesListRoute, ({ input }) => getCompaniesListFor(input));
