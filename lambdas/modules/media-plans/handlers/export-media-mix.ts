import { exportVersion } from '../export';
import { serviceHandler } from '../../../service-handler';
import { exportVersionRoute } from '../routes';

export const handler = serviceHandler(exportVersionRoute, ({ input, caller, accountId }) =>
  exportVersion(caller, accountId, input.mediaMixId, input.language),
);
