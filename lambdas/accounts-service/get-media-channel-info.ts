import { getMediaChannelInfo } from '../domain/media-channels';
import { serviceHandler } from '../kit/handler';

export const handler = serviceHandler('AccountsService', 'GetMediaChannelInfo', ({ input, caller, accountId }) => getMediaChannelInfo(caller, accountId!, input.channelId));
