import { confirmCreativeUpload } from '../uploads';
import { serviceHandler } from '../../../service-handler';
import { confirmCreativeUploadRoute } from '../routes';

export const handler = serviceHandler(confirmCreativeUploadRoute, ({ input, caller, accountId }) =>
  confirmCreativeUpload(caller, accountId, input),
);
