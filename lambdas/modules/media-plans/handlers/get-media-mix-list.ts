import { listMediaMixes } from '../plans';
import { serviceHandler } from '../../../service-handler';
import { getMediaMixListRoute } from '../routes';

export const handler = serviceHandler(getMediaMixListRoute, ({ input, caller, accountId }) =>
  listMediaMixes(caller, accountId, input.activityId),
);
