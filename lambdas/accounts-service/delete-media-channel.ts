import { deleteMediaChannelFor } from '../domain/media-channels';
import { serviceHandler } from '../kit/handler';

export const handler = serviceHandler('AccountsService', 'DeleteMediaChannel', ({ input, caller, accountId }) => deleteMediaChannelFor(caller, accountId!, input.channelId));
