import { getCreativesList } from '../creatives';
import { serviceHandler } from '../../../service-handler';
import { getCreativesListRoute } from '../routes';

export const handler = serviceHandler(getCreativesListRoute, ({ input, caller, accountId }) =>
  getCreativesList(caller, accountId, input),
);
