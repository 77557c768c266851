import { requestCreativeUpload } from '../domain/creative-uploads';
import { serviceHandler } from '../service-handler';
import { requestCreativeUploadRoute } from '../routes/creatives-service';

export const handler = serviceHandler(requestCreativeUploadRoute, ({ input, caller, accountId }) =>
  requestCreativeUpload(caller, accountId, input),
);
