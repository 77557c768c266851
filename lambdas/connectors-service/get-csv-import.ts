import { getCsvImportFor } from '../domain/csv-imports';
import { serviceHandler } from '../service-handler';
import { getCsvImportRoute } from '../routes/connectors-service';

export const handler = serviceHandler(getCsvImportRoute, ({ input, caller }) =>
  getCsvImportFor(caller, input.importId),
);
