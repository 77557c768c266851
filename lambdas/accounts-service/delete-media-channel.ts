import { deleteMediaChannelFor } from '../domain/media-channels';
import { serviceHandler } from '../service-handler';
import { deleteMediaChannelRoute } from '../routes/accounts-service';

export const handler = serviceHandler(deleteMediaChannelRoute, ({ input, caller, accountId }) =>
  deleteMediaChannelFor(caller, accountId, input.channelId),
);
