import { exportMediaMix } from '../export';
import { serviceHandler } from '../../../service-handler';
import { exportMediaMixRoute } from '../routes';

export const handler = serviceHandler(exportMediaMixRoute, ({ input, caller, accountId }) =>
  exportMediaMix(caller, accountId, input.mediaMixId, input.language),
);
