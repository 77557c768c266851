import { saveChannelType } from '../channel-types';
import { serviceHandler } from '../../../service-handler';
import { saveChannelTypeRoute } from '../routes';

export const handler = serviceHandler(saveChannelTypeRoute, ({ input, caller }) =>
  saveChannelType(caller, input.channelType),
);
