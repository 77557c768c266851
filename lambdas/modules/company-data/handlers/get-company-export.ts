import { getCompanyExportFor } from '../jobs';
import { serviceHandler } from '../../../service-handler';
import { getCompanyExportRoute } from '../routes';

export const handler = serviceHandler(getCompanyExportRoute, ({ input, caller }) =>
  getCompanyExportFor(caller, input.exportId),
);
