import { requestCreativeUpload } from '../uploads';
import { serviceHandler } from '../../../service-handler';
import { requestCreativeUploadRoute } from '../routes';

export const handler = serviceHandler(requestCreativeUploadRoute, ({ input, caller, accountId }) =>
  requestCreativeUpload(caller, accountId, input),
);
