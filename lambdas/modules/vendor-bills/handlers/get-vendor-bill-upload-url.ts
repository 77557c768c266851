import { requestBillUpload } from '../uploads';
import { serviceHandler } from '../../../service-handler';
import { getVendorBillUploadUrlRoute } from '../routes';

export const handler = serviceHandler(getVendorBillUploadUrlRoute, ({ input, caller }) =>
  requestBillUpload(caller, input),
);
