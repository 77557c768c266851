import { deleteMediaChannelFor } from '../domain/media-channels';
import { serviceHandler } from '../kit/handler';
import { ACCOUNTS_SERVICE_ROUTES } from '../routes/accounts-service';

export const handler = serviceHandler(ACCOUNTS_SERVICE_ROUTES, 'DeleteMediaChannel', ({ input, caller, accountId }) => deleteMediaChannelFor(caller, accountId, input.channelId));
