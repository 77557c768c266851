import { callApi } from './api-client';
import { apiQuery, queryKeyOf } from './api-query';

/**
 * The company logo (GetCompanyLogo) as TanStack Query options, one key for every reader: the top
 * bar shows it, the configurations screen replaces it (and writes its reply under this key, so the
 * top bar follows at once), the report export puts it in the file.
 */
export const companyLogoQuery = () =>
  apiQuery(queryKeyOf('ConfigurationsService', 'GetCompanyLogo', {}), (signal) =>
    callApi('ConfigurationsService', 'GetCompanyLogo', {}, { signal }),
  );
