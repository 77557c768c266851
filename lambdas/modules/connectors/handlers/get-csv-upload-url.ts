import { getCsvUploadUrlFor } from '../csv-imports';
import { serviceHandler } from '../../../service-handler';
import { getCsvUploadUrlRoute } from '../routes';

export const handler = serviceHandler(getCsvUploadUrlRoute, ({ input, caller }) => getCsvUploadUrlFor(caller, input));
