import { createMediaMixVersion } from '../domain/media-mixes';
import { serviceHandler } from '../service-handler';
import { createMediaMixVersionRoute } from '../routes/media-mix-service';

export const handler = serviceHandler(createMediaMixVersionRoute, ({ input, caller, accountId }) =>
  createMediaMixVersion(caller, accountId, input.mediaMixId),
);
