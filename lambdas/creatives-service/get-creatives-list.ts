import { getCreativesList } from '../domain/creatives';
import { serviceHandler } from '../service-handler';
import { getCreativesListRoute } from '../routes/creatives-service';

export const handler = serviceHandler(getCreativesListRoute, ({ input, caller, accountId }) =>
  getCreativesList(caller, accountId, input),
);
