import { submitMediaMix } from '../domain/media-mixes';
import { serviceHandler } from '../kit/handler';
import { MEDIA_MIX_SERVICE_ROUTES } from '../routes/media-mix-service';

export const handler = serviceHandler(MEDIA_MIX_SERVICE_ROUTES, 'SubmitMediaMix', ({ input, caller, accountId }) => submitMediaMix(caller, accountId, input));
