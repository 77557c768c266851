import { exportMediaMix } from '../domain/media-mix-export';
import { serviceHandler } from '../kit/handler';
import { MEDIA_MIX_SERVICE_ROUTES } from '../routes/media-mix-service';

export const handler = serviceHandler(MEDIA_MIX_SERVICE_ROUTES, 'ExportMediaMix', ({ input, caller, accountId }) => exportMediaMix(caller, accountId, input.mediaMixId, input.language));
