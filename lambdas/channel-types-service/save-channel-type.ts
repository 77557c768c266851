import { saveChannelType } from '../domain/channel-types';
import { serviceHandler } from '../service-handler';
import { saveChannelTypeRoute } from '../routes/channel-types-service';

export const handler = serviceHandler(saveChannelTypeRoute, ({ input, caller }) =>
  saveChannelType(caller, input.channelType),
);
