import { getCreativesList } from '../domain/creatives';
import { serviceHandler } from '../kit/handler';
import { CREATIVES_SERVICE_ROUTES } from '../routes/creatives-service';

export const handler = serviceHandler(CREATIVES_SERVICE_ROUTES, 'GetCreativesList', ({ input, caller, accountId }) => getCreativesList(caller, accountId, input));
