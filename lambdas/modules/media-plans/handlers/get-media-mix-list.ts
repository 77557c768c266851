import { listVersions } from '../plans';
import { serviceHandler } from '../../../service-handler';
import { getVersionListRoute } from '../routes';

export const handler = serviceHandler(getVersionListRoute, ({ input, caller, accountId }) =>
  listVersions(caller, accountId, input.activityId),
);
