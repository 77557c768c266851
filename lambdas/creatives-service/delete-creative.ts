import { deleteCreative } from '../domain/creatives';
import { serviceHandler } from '../kit/handler';
import { CREATIVES_SERVICE_ROUTES } from '../routes/creatives-service';

export const handler = serviceHandler(CREATIVES_SERVICE_ROUTES, 'DeleteCreative', ({ input, caller, accountId }) => deleteCreative(caller, accountId, input));
