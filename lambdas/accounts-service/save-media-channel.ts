import { saveMediaChannelFor } from '../domain/media-channels';
import { serviceHandler } from '../kit/handler';

export const handler = serviceHandler('AccountsService', 'SaveMediaChannel', ({ input, caller, accountId }) => saveMediaChannelFor(caller, accountId!, input));
