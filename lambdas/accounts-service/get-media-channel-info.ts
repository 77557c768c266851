import { getMediaChannelInfo } from '../domain/media-channels';
import { serviceHandler } from '../service-handler';
import { getMediaChannelInfoRoute } from '../routes/accounts-service';

export const handler = serviceHandler(getMediaChannelInfoRoute, ({ input, caller, accountId }) =>
  getMediaChannelInfo(caller, accountId, input.channelId),
);
