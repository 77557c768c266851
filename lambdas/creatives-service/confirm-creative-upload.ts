import { confirmCreativeUpload } from '../domain/creative-uploads';
import { serviceHandler } from '../kit/handler';
import { CREATIVES_SERVICE_ROUTES } from '../routes/creatives-service';

export const handler = serviceHandler(CREATIVES_SERVICE_ROUTES, 'ConfirmCreativeUpload', ({ input, caller, accountId }) => confirmCreativeUpload(caller, accountId, input));
