import { clientSignOff } from '../domain/media-mixes';
import { serviceHandler } from '../kit/handler';
import { MEDIA_MIX_SERVICE_ROUTES } from '../routes/media-mix-service';

export const handler = serviceHandler(MEDIA_MIX_SERVICE_ROUTES, 'ClientSignOff', ({ input, caller, accountId }) => clientSignOff(caller, accountId, input.mediaMixId));
