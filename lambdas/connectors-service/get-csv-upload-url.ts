import { getCsvUploadUrlFor } from '../domain/csv-imports';
import { serviceHandler } from '../service-handler';
import { getCsvUploadUrlRoute } from '../routes/connectors-service';

export const handler = serviceHandler(getCsvUploadUrlRoute, ({ input, caller }) => getCsvUploadUrlFor(caller, input));
