import { deleteLineFor } from '../lines';
import { serviceHandler } from '../../../service-handler';
import { deleteLineRoute } from '../routes';

export const handler = serviceHandler(deleteLineRoute, ({ input, caller, accountId }) =>
  deleteLineFor(caller, accountId, input.channelId),
);
