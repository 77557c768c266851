import { getCsvImportFor } from '../csv-imports';
import { serviceHandler } from '../../../service-handler';
import { getCsvImportRoute } from '../routes';

export const handler = serviceHandler(getCsvImportRoute, ({ input, caller }) =>
  getCsvImportFor(caller, input.importId),
);
