import { exportMediaMix } from '../domain/media-mix-export';
import { serviceHandler } from '../service-handler';
import { exportMediaMixRoute } from '../routes/media-mix-service';

export const handler = serviceHandler(exportMediaMixRoute, ({ input, caller, accountId }) =>
  exportMediaMix(caller, accountId, input.mediaMixId, input.language),
);
