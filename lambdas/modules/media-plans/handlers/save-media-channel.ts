import { saveMediaChannelFor } from '../lines';
import { serviceHandler } from '../../../service-handler';
import { saveMediaChannelRoute } from '../routes';

export const handler = serviceHandler(saveMediaChannelRoute, ({ input, caller, accountId }) =>
  saveMediaChannelFor(caller, accountId, input),
);
