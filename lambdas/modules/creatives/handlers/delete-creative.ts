import { deleteCreative } from '../creatives';
import { serviceHandler } from '../../../service-handler';
import { deleteCreativeRoute } from '../routes';

export const handler = serviceHandler(deleteCreativeRoute, ({ input, caller, accountId }) =>
  deleteCreative(caller, accountId, input),
);
