import { getCompaniesListFor } from '../companies';
import { serviceHandler } from '../../../service-handler';
import { getCompaniesListRoute } from '../routes';

export const handler = serviceHandler(getCompaniesListRoute, ({ input }) => getCompaniesListFor(input));
