import { rejectMediaMixFor } from '../domain/media-mixes';
import { serviceHandler } from '../kit/handler';
import { MEDIA_MIX_SERVICE_ROUTES } from '../routes/media-mix-service';

export const handler = serviceHandler(MEDIA_MIX_SERVICE_ROUTES, 'RejectMediaMix', ({ input, caller, accountId }) => rejectMediaMixFor(caller, accountId, input));
