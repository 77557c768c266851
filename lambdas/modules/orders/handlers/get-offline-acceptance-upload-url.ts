import { requestOfflineUpload } from '../offline-acceptance';
import { serviceHandler } from '../../../service-handler';
import { getOfflineAcceptanceUploadUrlRoute } from '../routes';

export const handler = serviceHandler(getOfflineAcceptanceUploadUrlRoute, ({ input, caller, accountId }) =>
  requestOfflineUpload(caller, accountId, input),
);
