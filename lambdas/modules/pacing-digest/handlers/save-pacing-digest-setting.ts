import { serviceHandler } from '../../../service-handler';
import { savePacingDigestSettingRoute } from '../routes';
import { saveDigestSettingFor } from '../settings';

export const handler = serviceHandler(savePacingDigestSettingRoute, ({ input, caller }) =>
  saveDigestSettingFor(caller, input),
);
