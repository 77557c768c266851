import { confirmCreativeUpload } from '../domain/creative-uploads';
import { serviceHandler } from '../service-handler';
import { confirmCreativeUploadRoute } from '../routes/creatives-service';

export const handler = serviceHandler(confirmCreativeUploadRoute, ({ input, caller, accountId }) =>
  confirmCreativeUpload(caller, accountId, input),
);
