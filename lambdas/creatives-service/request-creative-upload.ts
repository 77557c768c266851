import { requestCreativeUpload } from '../domain/creative-uploads';
import { serviceHandler } from '../kit/handler';
import { CREATIVES_SERVICE_ROUTES } from '../routes/creatives-service';

export const handler = serviceHandler(CREATIVES_SERVICE_ROUTES, 'RequestCreativeUpload', ({ input, caller, accountId }) => requestCreativeUpload(caller, accountId, input));
