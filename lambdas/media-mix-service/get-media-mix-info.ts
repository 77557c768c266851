import { getMediaMixInfo } from '../domain/media-mixes';
import { serviceHandler } from '../service-handler';
import { getMediaMixInfoRoute } from '../routes/media-mix-service';

export const handler = serviceHandler(getMediaMixInfoRoute, ({ input, caller, accountId }) =>
  getMediaMixInfo(caller, accountId, input.mediaMixId),
);
