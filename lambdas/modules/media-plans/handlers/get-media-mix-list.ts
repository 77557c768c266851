import { listMediaMixes } from '../plans';
import { serviceHandler } from '../../../service-handler';
import { getVersionListRoute } from '../routes';

export const handler = serviceHandler(getVersionListRoute, ({ input, caller, accountId }) =>
  listMediaMixes(caller, accountId, input.activityId),
);
