import { serviceHandler } from '../../../service-handler';
import { getPacingDigestSettingRoute } from '../routes';
import { digestSettingFor } from '../settings';

export const handler = serviceHandler(getPacingDigestSettingRoute, ({ caller }) => digestSettingFor(caller));
