import { saveMediaChannelFor } from '../domain/media-channels';
import { serviceHandler } from '../service-handler';
import { saveMediaChannelRoute } from '../routes/accounts-service';

export const handler = serviceHandler(saveMediaChannelRoute, ({ input, caller, accountId }) =>
  saveMediaChannelFor(caller, accountId, input),
);
