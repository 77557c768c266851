import { saveMediaChannelFor } from '../domain/media-channels';
import { serviceHandler } from '../kit/handler';
import { ACCOUNTS_SERVICE_ROUTES } from '../routes/accounts-service';

export const handler = serviceHandler(ACCOUNTS_SERVICE_ROUTES, 'SaveMediaChannel', ({ input, caller, accountId }) => saveMediaChannelFor(caller, accountId, input));
