import { deleteCreative } from '../domain/creatives';
import { serviceHandler } from '../service-handler';
import { deleteCreativeRoute } from '../routes/creatives-service';

export const handler = serviceHandler(deleteCreativeRoute, ({ input, caller, accountId }) =>
  deleteCreative(caller, accountId, input),
);
