import { getMediaChannelInfo } from '../lines';
import { serviceHandler } from '../../../service-handler';
import { getMediaChannelInfoRoute } from '../routes';

export const handler = serviceHandler(getMediaChannelInfoRoute, ({ input, caller, accountId }) =>
  getMediaChannelInfo(caller, accountId, input.channelId),
);
