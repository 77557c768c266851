import { deleteMediaChannelFor } from '../lines';
import { serviceHandler } from '../../../service-handler';
import { deleteMediaChannelRoute } from '../routes';

export const handler = serviceHandler(deleteMediaChannelRoute, ({ input, caller, accountId }) =>
  deleteMediaChannelFor(caller, accountId, input.channelId),
);
