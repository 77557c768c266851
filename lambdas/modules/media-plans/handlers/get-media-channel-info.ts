import { getLineInfo } from '../lines';
import { serviceHandler } from '../../../service-handler';
import { getLineInfoRoute } from '../routes';

export const handler = serviceHandler(getLineInfoRoute, ({ input, caller, accountId }) =>
  getLineInfo(caller, accountId, input.channelId),
);
